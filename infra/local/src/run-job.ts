import './verbose-logs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isJobName, JOBS } from '@bo/events/jobs';
import { startBundledApp } from './bundles/bundled-app';
import { runJob } from './jobs';
import { fromRoot } from './paths';
import { handlerEnvironment, localAwsEnvironment, readStackInfo } from './stack';

/**
 * `npm run job -- <name> [--dir <stack folder>]`: runs a scheduled job now against the running local stack;
 * from its bundle when the stack serves the bundles of a synthesized app (`npm start -- --bundles`).
 */
const { positionals, values } = parseArgs({ allowPositionals: true, options: { dir: { type: 'string' } } });
const name = positionals[0] ?? '';
if (!isJobName(name)) {
  console.error(`Usage: npm run job -- <name> [--dir <stack folder>]   (jobs: ${Object.keys(JOBS).join(', ')})`);
  process.exit(2);
}
const info = readStackInfo(values.dir ?? fromRoot('.local'));
if (!info) {
  console.error('No local stack found: run `npm start` first (it writes .local/stack.json).');
  process.exit(1);
}
if (info.bundles) {
  const logDir = join(values.dir ?? fromRoot('.local'), 'logs', 'lambda');
  const app = startBundledApp({ dir: info.bundles, info, logDir, baseEnvironment: localAwsEnvironment(info) });
  try {
    console.log(JSON.stringify(await app.runJob(name)));
    console.log(`(from the bundle of ${app.specs.jobs.get(name)!.path}; its log: ${logDir})`);
  } finally {
    await app.stop();
  }
} else {
  handlerEnvironment(info);
  console.log(JSON.stringify(await runJob(name)));
}
