// One MSW server for this test project; tests add handlers with server.use(), reset after each test.
import { setupServer } from 'msw/node';

export const server = setupServer();
