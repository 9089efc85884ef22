/** The parts of queued writes imported up front, for `asyncFeatures()` (see parts.ts). */
import { checkAcceptanceBody } from './acceptance-schema.ts';
import type { AsyncParts } from './parts.ts';
import { readBulkStatus } from './waiter/read-status.ts';
import { waitForBulk } from './waiter/wait.ts';

export const bundledParts: AsyncParts = { checkAcceptance: checkAcceptanceBody, waitForBulk, readBulkStatus };
