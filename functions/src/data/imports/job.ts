/** What only the import job needs (events/src/imports/run.ts): the reads a dry run plans against, and the writes. */
export { loadExisting } from './existing';
export { commitRows } from './commit-rows';
