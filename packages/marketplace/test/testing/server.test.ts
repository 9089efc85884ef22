// startFakeMarketplace on core's node bridge: the same HTTP edge as the callback receiver users run.
import { rawExchange } from '@magekit/test-support/raw-http';
import { describe, expect, it } from 'vitest';
import { startFakeMarketplace } from '../../src/testing/index.ts';

describe('startFakeMarketplace', () => {
  it('answers a malformed Host header with 400 and counts no request', async () => {
    const running = await startFakeMarketplace();
    try {
      expect(running.baseUrl).toBe(running.url);
      expect(await rawExchange(running.port, 'GET /rest/v1/users/MAG123 HTTP/1.1\r\nHost: sandbox.test/../x')).toMatch(/^HTTP\/1\.1 400/);
      expect(running.stats.requests).toBe(0);
      expect(await rawExchange(running.port, `GET /rest/v1/users/MAG123 HTTP/1.1\r\nHost: 127.0.0.1:${running.port}`)).toMatch(/^HTTP\/1\.1 401/);
      expect(running.stats.requests).toBe(1);
    } finally {
      await running.close();
    }
  });
});
