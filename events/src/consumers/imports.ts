import { runImport } from '../imports/run';
import { jobHandler } from './job-driver';

/** The import job (events/src/imports/run.ts), woken by each write of an import's state. */
export const handler = jobHandler('imports', 'importId', runImport);
