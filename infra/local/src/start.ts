import './quiet-logs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { synthesizeApp } from './bundles/synth';
import { JavaMissingError } from './emulators';
import { stopChildren } from './children';
import { fromRoot } from './paths';
import { scheduleJobs } from './jobs';
import { startStack } from './stack';

/**
 * `--bundles [dir]`: serve the API (and run the stream consumer and jobs) from the bundles and environments
 * of a `cdk synth` output; without a folder, synthesize the current sources first (cached by their hash).
 */
function takeBundlesFlag(args: string[]): { args: string[]; bundles?: string | true } {
  const at = args.findIndex((arg) => arg === '--bundles' || arg.startsWith('--bundles='));
  if (at < 0) return { args };
  const rest = [...args];
  const [flag] = rest.splice(at, 1);
  if (flag!.includes('=')) return { args: rest, bundles: flag!.slice('--bundles='.length) };
  const next = rest[at];
  if (next === undefined || next.startsWith('-')) return { args: rest, bundles: true };
  rest.splice(at, 1);
  return { args: rest, bundles: next };
}

const flags = takeBundlesFlag(process.argv.slice(2));
const { values } = parseArgs({
  args: flags.args,
  options: {
    reset: { type: 'boolean', default: false },
    port: { type: 'string' },
    static: { type: 'boolean', default: false },
    dir: { type: 'string' },
    'any-ports': { type: 'boolean', default: false },
    'api-only': { type: 'boolean', default: false },
    catalog: { type: 'string' },
    memory: { type: 'boolean', default: false },
    'quick-jit': { type: 'boolean', default: false },
  },
});

/** `--catalog 60x84`: brands × products per brand for the first-start seed (benchmarks). */
function parseCatalogSize(value: string) {
  const match = /^(\d+)x(\d+)$/.exec(value);
  if (!match) throw new Error('--catalog takes <brands>x<productsPerBrand>, e.g. 60x84');
  return { brands: Number(match[1]), productsPerBrand: Number(match[2]) };
}

const port = Number(values.port ?? process.env.PORT ?? 3000);

try {
  const log = (line: string) => console.log(`  ${line}`);
  const bundles =
    flags.bundles === true ? await synthesizeApp({ log }) : flags.bundles ? resolve(flags.bundles) : undefined;
  const stack = await startStack({
    dir: values.dir ?? fromRoot('.local'),
    port,
    reset: values.reset,
    memory: values.memory,
    quickJit: values['quick-jit'],
    web: values['api-only'] ? 'none' : values.static ? 'static' : 'vite',
    ...(values.catalog ? { catalog: parseCatalogSize(values.catalog) } : {}),
    ...(values['any-ports'] ? { emulatorPorts: { dynamodb: 0, s3: 0, cognito: 0 } } : {}),
    ...(bundles ? { bundles } : {}),
    log,
  });
  const admin = stack.info.users[0]!;
  console.log(`
Back office ready in ${(stack.startupMs / 1000).toFixed(1)} s

  App        ${stack.info.webUrl}
  API        ${stack.info.apiUrl}${bundles ? `   (from the bundles in ${bundles})` : ''}
  Sign in    ${admin.email} / ${admin.password}   (all demo users: .local/stack.json, README)
  Data       .local/ (start with --reset for an empty stack)

Press Ctrl-C to stop.`);

  const stopJobs = scheduleJobs(log, stack.runJob);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    stopJobs();
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  await stopChildren();
  if (error instanceof JavaMissingError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
}
