import { runAccountingExport } from '../accounting/run';
import { jobHandler } from './job-driver';

/** The accounting export job (events/src/accounting/run.ts): one step writes the whole export. */
export const handler = jobHandler('accounting-exports', async (id) => {
  await runAccountingExport(id);
  return 'done';
});
