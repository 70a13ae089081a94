import { parseArgs } from 'node:util';
import { isJobName, JOBS } from '@bo/events/jobs';
import { runJob } from './jobs';
import { fromRoot } from './paths';
import { handlerEnvironment, readStackInfo } from './stack';

/** `npm run job -- <name> [--dir <stack folder>]`: runs a scheduled job now against the running local stack. */
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
// A job run by hand shows what it did (its INFO lines); `POWERTOOLS_LOG_LEVEL` still overrides.
process.env.POWERTOOLS_LOG_LEVEL ??= 'INFO';
handlerEnvironment(info);
console.log(JSON.stringify(await runJob(name)));
