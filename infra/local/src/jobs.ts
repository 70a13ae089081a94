import { JOBS, type JobName } from '@bo/events/jobs';
import { appendFailure, invocationFailureRecord } from '@bo/events/replay/local';

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
 * stack's jobs failure queue (`<dir>/failures/jobs.jsonl`) when `dir` is given.
 */
export function scheduleJobs(
  log: (line: string) => void,
  run: (name: JobName) => Promise<unknown> = runJob,
  dir?: string,
): () => void {
  const timers: NodeJS.Timeout[] = [];
  for (const [name, job] of Object.entries(JOBS) as Array<[JobName, (typeof JOBS)[JobName]]>) {
    const tick = () => {
      run(name).then(
        (result) => log(`job ${name} finished: ${JSON.stringify(result)}`),
        (error: unknown) => {
          log(`job ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
          if (dir) appendFailure(dir, 'jobs', invocationFailureRecord(name, {}, error));
        },
      );
      timers.push(setTimeout(tick, msUntilUtcHour(job.dailyAtUtcHour)));
    };
    timers.push(setTimeout(tick, msUntilUtcHour(job.dailyAtUtcHour)));
  }
  for (const t of timers) t.unref();
  return () => timers.forEach(clearTimeout);
}
