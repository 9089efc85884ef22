/**
 * `@magekit/commerce/node`: what needs Node: the import journal that lets a bulk import survive a
 * crash, resuming from it (the file system), and `toNodeListener`, which serves a Fetch-API handler
 * (the integration activation receiver) with node:http or Express. The main entry stays web-platform only.
 */
export { openBulkJournal, readBulkJournal, JournalError, type FileBulkJournal } from './journal-file.ts';
export { resumeBulkImport, replayJournal, type ResumedImport, type ResumeOptions, type UnsettledChunk, type WaitingClient } from './resume.ts';
export type { BulkJournal, JournalEntry, PositionRuns } from '../async/journal.ts';
export { toNodeListener, toRequest, type FetchHandler } from '@magekit/core/node';
