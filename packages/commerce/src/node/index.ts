/**
 * `@magekit/commerce/node`: what needs Node, kept out of the main entry so it stays browser- and
 * edge-safe: the import journal that lets a bulk import survive a crash and resuming from it (the
 * file system), and `toNodeListener(createActivationHandler({...}))`, which serves the integration
 * activation receiver with node:http or Express.
 */
export { openBulkJournal, readBulkJournal, JournalError, type FileBulkJournal } from './journal-file.ts';
export { resumeBulkImport, replayJournal, type ResumedImport, type ResumeOptions, type UnsettledChunk, type WaitingClient } from './resume.ts';
export type { BulkJournal, JournalEntry, PositionRuns } from '../async/journal.ts';
export { toNodeListener, toRequest, type FetchHandler } from '@magekit/core/node';
