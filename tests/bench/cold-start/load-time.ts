/**
 * Module-load time of a bundle: the time to `import()` it in a fresh Node process, as a Lambda's init
 * does before the first event (the process start itself is not counted, it is the same for every bundle).
 * Both the wall time and the CPU time of the process during the import are kept: on a shared machine
 * the wall time of the same import swings several-fold from one process to the next (the floor: 106–636
 * ms at a load average of 14 on 2 cores) while its CPU time stays within ±10% (49–57 ms).
 */
import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';

export interface LoadSample {
  readonly ms: number;
  /** User + system CPU time of the process (all its threads) during the import. */
  readonly cpuMs: number;
  /** Resident set right after the import, and the process's peak, in MB. */
  readonly rssMB: number;
  readonly maxRssMB: number;
}

export interface LoadTarget {
  readonly id: string;
  readonly file: string;
}

const PROBE = [
  'const cpu = process.cpuUsage();',
  'const started = performance.now();',
  'await import(process.argv[1]);',
  'const ms = performance.now() - started;',
  'const used = process.cpuUsage(cpu);',
  'const cpuMs = (used.user + used.system) / 1000;',
  'const rssMB = process.memoryUsage().rss / 2 ** 20;',
  'const maxRssMB = process.resourceUsage().maxRSS / 1024;',
  'process.stdout.write(JSON.stringify({ ms, cpuMs, rssMB, maxRssMB }));',
].join('\n');

/** One fresh process importing `file` with `env` as its whole environment. */
export function loadOnce(file: string, env: NodeJS.ProcessEnv): Promise<LoadSample> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', PROBE, pathToFileURL(file).href],
      { env, maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${file}: ${stderr.trim().split('\n').slice(0, 3).join(' ') || error.message}`));
        else resolve(JSON.parse(stdout) as LoadSample);
      },
    );
  });
}

const shuffled = <T>(items: T[]): T[] => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
};

export interface LoadPlan {
  /** Processes per bundle. */
  readonly runs: number;
  /** Processes at a time. */
  readonly concurrency: number;
  /** The reference bundle, measured `floorWeight` times per round so its median is the steadiest. */
  readonly floorId: string;
  readonly floorWeight: number;
  readonly env: NodeJS.ProcessEnv;
}

/**
 * `runs` rounds; each round imports every bundle once (the floor `floorWeight` times) in a shuffled order,
 * so load on the machine falls on every bundle alike and the floor is measured beside them, not before.
 */
export async function measureLoads(
  targets: LoadTarget[],
  plan: LoadPlan,
): Promise<Map<string, { samples: LoadSample[]; error?: string }>> {
  const results = new Map(
    targets.map((t) => [t.id, { samples: [] as LoadSample[], error: undefined as string | undefined }]),
  );
  const floor = targets.find((t) => t.id === plan.floorId);
  if (!floor) throw new Error(`no floor bundle ${plan.floorId}`);
  for (let round = 0; round < plan.runs; round++) {
    const queue = shuffled([...targets, ...Array.from({ length: plan.floorWeight - 1 }, () => floor)]);
    const worker = async () => {
      for (let target = queue.pop(); target; target = queue.pop()) {
        const result = results.get(target.id)!;
        if (result.error) continue;
        try {
          result.samples.push(await loadOnce(target.file, plan.env));
        } catch (error) {
          result.error = error instanceof Error ? error.message : String(error);
        }
      }
    };
    await Promise.all(Array.from({ length: plan.concurrency }, worker));
  }
  return results;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
