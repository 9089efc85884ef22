// startFakeCommerce on core's node bridge: the same HTTP edge as the receivers users run.
import { rawExchange } from '@magekit/test-support/raw-http';
import { describe, expect, it } from 'vitest';
import { startFakeCommerce } from '../../src/testing/index.ts';

describe('startFakeCommerce', () => {
  it('answers a malformed Host header with 400 and counts no request', async () => {
    const running = await startFakeCommerce();
    try {
      expect(await rawExchange(running.port, 'GET /rest/V1/store/storeViews HTTP/1.1\r\nHost: shop.test/../admin')).toMatch(/^HTTP\/1\.1 400/);
      expect(running.stats.requests).toBe(0);
      // A well-formed request still reaches the fake (401: no token), counted.
      expect(await rawExchange(running.port, `GET /rest/V1/store/storeViews HTTP/1.1\r\nHost: 127.0.0.1:${running.port}`)).toMatch(/^HTTP\/1\.1 401/);
      expect(running.stats.requests).toBe(1);
    } finally {
      await running.close();
    }
  });
});
