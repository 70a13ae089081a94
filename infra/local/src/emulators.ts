import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import S3rver from 's3rver';
import { startChild } from './children';
import { JAVA_MISSING, javaMajorVersion } from './java';
import { freePort, waitForHttp } from './ports';

const require = createRequire(import.meta.url);

export interface Emulators {
  dynamodb: string;
  s3: string;
  cognito: string;
  stop: () => Promise<void>;
}

export class JavaMissingError extends Error {
  constructor() {
    super(JAVA_MISSING);
  }
}

/**
 * For a JVM that lives minutes (a test run): the first compiler only and one collector thread. Measured on the
 * functions and events projects (387 tests), DynamoDB Local's CPU fell from 90 to 66 s and the run took no longer;
 * the benchmarks keep the JVM's defaults, whose optimising compiler pays off over a long run.
 */
const QUICK_JIT = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/**
 * DynamoDB Local (the jar inside amplify-dynamodb-simulator), s3rver and cognito-local on loopback,
 * each keeping its data under `dir`. Ports are the preferred ones when free (0 = any). With `inMemory`,
 * DynamoDB Local keeps its data in memory only (tests, benchmarks): writes are several times faster
 * than to its SQLite file, and nothing is left behind.
 */
export async function startEmulators(
  dir: string,
  preferred = { dynamodb: 8000, s3: 4569, cognito: 9229 },
  options: { inMemory?: boolean; quickJit?: boolean } = {},
): Promise<Emulators> {
  const java = javaMajorVersion();
  if (!java || java < 17) throw new JavaMissingError();
  const [dynamoPort, s3Port, cognitoPort] = await Promise.all([
    freePort(preferred.dynamodb),
    freePort(preferred.s3),
    freePort(preferred.cognito),
  ]);

  const jarDir = join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
  const dynamoData = join(dir, 'dynamodb');
  if (!options.inMemory) mkdirSync(dynamoData, { recursive: true });
  startChild(
    'java',
    [
      ...(options.quickJit ? QUICK_JIT : []),
      '-Djava.library.path=' + join(jarDir, 'DynamoDBLocal_lib'),
      '-jar',
      join(jarDir, 'DynamoDBLocal.jar'),
      '-sharedDb',
      ...(options.inMemory ? ['-inMemory'] : ['-dbPath', dynamoData]),
      '-port',
      String(dynamoPort),
      '-disableTelemetry',
    ],
    { cwd: jarDir, logFile: join(dir, 'logs', 'dynamodb.log') },
  );

  const cognitoDir = join(dir, 'cognito');
  mkdirSync(cognitoDir, { recursive: true });
  startChild(process.execPath, [require.resolve('cognito-local/lib/bin/start.js')], {
    cwd: cognitoDir,
    env: { ...process.env, PORT: String(cognitoPort), HOST: '127.0.0.1', DEBUG: '' },
    logFile: join(dir, 'logs', 'cognito.log'),
  });

  const s3Dir = join(dir, 's3');
  mkdirSync(s3Dir, { recursive: true });
  const s3 = new S3rver({
    port: s3Port,
    address: '127.0.0.1',
    directory: s3Dir,
    silent: true,
    allowMismatchedSignatures: true,
  });
  await s3.run();

  const urls = {
    dynamodb: `http://127.0.0.1:${dynamoPort}`,
    s3: `http://127.0.0.1:${s3Port}`,
    cognito: `http://127.0.0.1:${cognitoPort}`,
  };
  await Promise.all([waitForHttp(urls.dynamodb), waitForHttp(urls.cognito)]);
  return { ...urls, stop: () => s3.close() };
}
