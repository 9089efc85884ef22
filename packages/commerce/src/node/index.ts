/**
 * `@magekit/commerce/node`: what needs Node (the file system): the import journal that lets a bulk
 * import survive a crash, and resuming from it. The main entry stays web-platform only.
 */
export { openBulkJournal, readBulkJournal, JournalError, type FileBulkJournal } from './journal-file.ts';
export { resumeBulkImport, replayJournal, type ResumedImport, type ResumeOptions, type UnsettledChunk, type WaitingClient } from './resume.ts';
export type { BulkJournal, JournalEntry, PositionRuns } from '../async/journal.ts';
