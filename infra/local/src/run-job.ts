import { isJobName, JOBS } from '@bo/events/jobs';
import { runJob } from './jobs';
import { fromRoot } from './paths';
import { handlerEnvironment, readStackInfo } from './stack';

/** `npm run job -- <name>`: runs a scheduled job now against the running local stack. */
const name = process.argv[2] ?? '';
if (!isJobName(name)) {
  console.error(`Usage: npm run job -- <name>   (jobs: ${Object.keys(JOBS).join(', ')})`);
  process.exit(2);
}
const info = readStackInfo(fromRoot('.local'));
if (!info) {
  console.error('No local stack found: run `npm start` first (it writes .local/stack.json).');
  process.exit(1);
}
handlerEnvironment(info);
console.log(JSON.stringify(await runJob(name)));
