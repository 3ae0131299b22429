// The HTTP transport (src/client/http.ts): a kept-alive connection the target closed while idle is
// met by the next request with a reset before any answer. A read or an idempotent write is resent
// once on a fresh connection; a create is not (it could have been read), and fails as it came.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { test, expect } from '@playwright/test';
import { nodeTransport } from '../../src/client/http.js';

/** Answers the first request of each connection and resets the connection on its second one. */
async function resettingServer(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    let requests = 0;
    socket.on('data', (chunk) => {
      // One request per chunk is enough for these small requests.
      if (!chunk.toString('latin1').includes('\r\n\r\n')) return;
      if (++requests === 1) socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n{}');
      else socket.resetAndDestroy();
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/x`, connections: () => connections, close: () => new Promise((r) => server.close(() => r())) };
}

test.describe('HTTP transport @harness @client', () => {
  test('should resend a read once when its kept-alive connection was closed, and never a create', async () => {
    const server = await resettingServer();
    const transport = nodeTransport();
    const req = { url: server.url, headers: {}, timeoutMs: 3000, insecureTls: false };
    try {
      expect((await transport.send({ ...req, method: 'GET' })).status).toBe(200);
      // The second GET meets the reset on the reused connection and is answered on a new one.
      expect((await transport.send({ ...req, method: 'GET' })).status).toBe(200);
      expect(server.connections()).toBe(2);
      await expect(transport.send({ ...req, method: 'POST', body: Buffer.from('{}') })).rejects.toThrow(/ECONNRESET/);
      expect(server.connections()).toBe(2);
    } finally {
      transport.close();
      await server.close();
    }
  });
});
