// The error body every 4xx/5xx of the shop carries.
import { expect } from '@playwright/test';

export function expectErrorBody(body: unknown, status: number, method: string, path: string): void {
  expect(body).toMatchObject({
    code: status,
    status: 'error',
    message: expect.any(String),
    request: { method, path, url: expect.stringContaining(path) as unknown, uri: { root: expect.stringMatching(/\/shop1\/api\.php\/v2$/) as unknown, resource: path.split('/')[1] ?? '' } },
  });
}
