/**
 * Rows given to the deprecated `registerRoutes()` (routes/table.ts): every client takes them in on
 * its next lookup, as if they were one more module. Kept apart from the route table so that a lean
 * client reads them without shipping the table.
 */
import type { RouteRow } from '@magekit/core';

export const registeredRows: RouteRow[] = [];
