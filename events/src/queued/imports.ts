import { runImport } from '../imports/run';
import { jobHandler } from './job-driver';

/** The import job (events/src/imports/run.ts), a step per message of its queue. */
export const handler = jobHandler('imports', runImport);
