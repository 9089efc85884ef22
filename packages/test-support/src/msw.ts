// One MSW server per test file's module graph; tests add handlers with server.use(), and ./setup.ts
// starts it, resets the handlers after each test and closes it.
import { setupServer } from 'msw/node';

export const server = setupServer();
