import { parseArgs } from 'node:util';
import { JavaMissingError } from './emulators';
import { stopChildren } from './children';
import { fromRoot } from './paths';
import { scheduleJobs } from './jobs';
import { startStack } from './stack';

const { values } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    port: { type: 'string' },
    static: { type: 'boolean', default: false },
    dir: { type: 'string' },
    'any-ports': { type: 'boolean', default: false },
    'api-only': { type: 'boolean', default: false },
    catalog: { type: 'string' },
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
  const stack = await startStack({
    dir: values.dir ?? fromRoot('.local'),
    port,
    reset: values.reset,
    web: values['api-only'] ? 'none' : values.static ? 'static' : 'vite',
    ...(values.catalog ? { catalog: parseCatalogSize(values.catalog) } : {}),
    ...(values['any-ports'] ? { emulatorPorts: { dynamodb: 0, s3: 0, cognito: 0 } } : {}),
    log: (line) => console.log(`  ${line}`),
  });
  const admin = stack.info.users[0]!;
  console.log(`
Back office ready in ${(stack.startupMs / 1000).toFixed(1)} s

  App        ${stack.info.webUrl}
  API        ${stack.info.apiUrl}
  Sign in    ${admin.email} / ${admin.password}   (all demo users: .local/stack.json, README)
  Data       .local/ (start with --reset for an empty stack)

Press Ctrl-C to stop.`);

  const stopJobs = scheduleJobs((line) => console.log(`  ${line}`), values.dir ?? fromRoot('.local'));
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
