// A vitest setup file (`setupFiles: ['@magekit/test-support/setup']`): a request no handler answers is an
// error, so a test can never reach the network by accident.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw.ts';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
