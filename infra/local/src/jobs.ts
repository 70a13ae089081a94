import { JOBS, type JobName } from '@bo/events/jobs';
import { invocationFailureRecord } from '@bo/events/replay/local';
import { sendFailureRecord } from '@bo/functions/data/queues';

export async function runJob(name: JobName): Promise<unknown> {
  const { handler } = await JOBS[name].load();
  return handler();
}

const msUntilUtcHour = (hour: number, now = new Date()) => {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
};

/**
 * Runs every job daily at its UTC hour while the local stack is up (with `run`: in process, or the stack's
 * own runner, e.g. from the bundles); returns a function that stops the timers. A failed run goes to the
 * stack's `jobs` failure queue (its SQS emulator), as Lambda's on-failure destination puts it.
 */
export function scheduleJobs(
  log: (line: string) => void,
  run: (name: JobName) => Promise<unknown> = runJob,
): () => void {
  const timers: NodeJS.Timeout[] = [];
  for (const [name, job] of Object.entries(JOBS) as Array<[JobName, (typeof JOBS)[JobName]]>) {
    const tick = () => {
      run(name).then(
        (result) => log(`job ${name} finished: ${JSON.stringify(result)}`),
        (error: unknown) => {
          log(`job ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
          sendFailureRecord('jobs', invocationFailureRecord(name, {}, error)).catch((e: unknown) =>
            log(`job ${name}: could not record the failure: ${e instanceof Error ? e.message : String(e)}`),
          );
        },
      );
      timers.push(setTimeout(tick, msUntilUtcHour(job.dailyAtUtcHour)));
    };
    timers.push(setTimeout(tick, msUntilUtcHour(job.dailyAtUtcHour)));
  }
  for (const t of timers) t.unref();
  return () => timers.forEach(clearTimeout);
}
