import { runRebuild } from '@bo/functions/data/reports';
import { jobHandler } from './job-driver';

/** The report rebuild (functions/src/data/reports/state.ts), woken by each write of the report state. */
export const handler = jobHandler('report-rebuild', 'name', (_name, deadline) => runRebuild(deadline));
