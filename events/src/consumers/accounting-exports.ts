import { runAccountingExport } from '../accounting/run';
import { jobHandler } from './job-driver';

/** The accounting export job (events/src/accounting/run.ts), woken when an export is made. */
export const handler = jobHandler('accounting-exports', 'exportId', (id) => runAccountingExport(id));
