// When the server is made: in TLS mode, connections that do not start a TLS handshake go to a
// plain HTTP server with the same handler, so the one port answers both.
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'plain-http-alongside-tls',
  description: 'In TLS mode the same port also answers plain http.',
  catches: ['@check:transportSecurity'],
  area: 'core',
  http: {
    server: (server, handler) => {
      if (!(server instanceof https.Server)) return;
      const plain = http.createServer(handler);
      const tlsListeners = server.listeners('connection');
      server.removeAllListeners('connection');
      server.on('connection', (socket: Socket) => {
        socket.once('readable', () => {
          const first = socket.read(1) as Buffer | null;
          if (first) socket.unshift(first);
          if (first && first[0] === 0x16) for (const l of tlsListeners) l.call(server, socket);
          else plain.emit('connection', socket);
        });
      });
    },
  },
});
