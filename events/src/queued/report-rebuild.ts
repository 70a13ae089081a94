import { runRebuild } from '@bo/functions/data/reports';
import { jobHandler } from './job-driver';

/** The report rebuild (functions/src/data/reports/state.ts), a page at a time until the step's deadline. */
export const handler = jobHandler('report-rebuild', (_id, deadline) => runRebuild(deadline));
