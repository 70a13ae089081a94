import { listExportItems } from '../accounting/exports';
import { listImportItems } from '../imports/reads';
import { REBUILD_JOB_ID, readReportState } from '../reports/state';
import { enqueueJob } from './jobs';

/**
 * Sends a step to every job whose state says it is at work (an import reading or committing, an export running,
 * a rebuild or its purge under way). A stack whose queues do not outlive it (the local one: its SQS emulator keeps messages in
 * memory) calls it at start, so a job cut short by a restart goes on. Harmless anywhere else: a step finding its
 * job done or another run ahead of it does nothing. Reads one page of each (jobs are few).
 */
export async function resumeUnfinishedJobs(): Promise<number> {
  const [imports, exports, reports] = await Promise.all([listImportItems(), listExportItems(), readReportState()]);
  const steps = [
    ...imports
      .filter((i) => i.status === 'READING' || i.status === 'COMMITTING')
      .map((i) => ['imports', i.importId] as const),
    ...exports.filter((e) => e.status === 'RUNNING').map((e) => ['accounting-exports', e.exportId] as const),
    // A rebuild under way, or the purge of a generation a rebuild replaced (whose delayed step a restart lost).
    ...(reports?.building || reports?.purging?.length ? [['report-rebuild', REBUILD_JOB_ID] as const] : []),
  ];
  await Promise.all(steps.map(([kind, id]) => enqueueJob(kind, id)));
  return steps.length;
}
