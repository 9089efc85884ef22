/** The parts of queued writes loaded on first use, for the full client (see parts.ts). */
import type { AsyncParts } from './parts.ts';

export const lazyParts: AsyncParts = {
  checkAcceptance: (body) => import('./acceptance-schema.ts').then((m) => m.checkAcceptanceBody(body)),
  waitForBulk: (runtime, target, options) => import('./waiter/wait.ts').then((m) => m.waitForBulk(runtime, target, options)),
  readBulkStatus: (runtime, target, options) => import('./waiter/read-status.ts').then((m) => m.readBulkStatus(runtime, target, options)),
};
