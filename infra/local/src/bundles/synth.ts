import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fromRoot, repoRoot } from '../paths';

/** Where synthesized apps are kept, one folder per hash of their inputs (`npm ci` starts it afresh). */
export const SYNTH_CACHE = fromRoot('node_modules', '.cache', 'backoffice-synth');

/** Everything a synthesized app is made from: the app, the code it bundles, the lockfile and settings. */
const INPUTS = [
  'shared',
  'functions',
  'events',
  'infra/cdk',
  'infra/package.json',
  'cdk.json',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
];
/** Test folders feed no bundle. */
const NOT_AN_INPUT = /(^|\/)test\//;
const COMPLETE = '.complete';

/**
 * A hash of the inputs' paths and contents (tracked and untracked files, as git lists them, without the ones
 * .gitignore leaves out), or undefined outside a git checkout.
 */
export function synthInputsHash(): string | undefined {
  let files: string[];
  try {
    const listed = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...INPUTS],
      {
        cwd: repoRoot,
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    files = [...new Set(listed.toString('utf8').split('\0'))].filter((f) => f && !NOT_AN_INPUT.test(f)).sort();
  } catch {
    return undefined;
  }
  const hash = createHash('sha256');
  const cli = JSON.parse(readFileSync(fromRoot('node_modules', 'aws-cdk', 'package.json'), 'utf8')) as {
    version: string;
  };
  hash.update(`aws-cdk ${cli.version}\0`);
  for (const file of files) {
    const path = join(repoRoot, file);
    if (!existsSync(path)) continue; // deleted in the working tree
    hash.update(`${file}\0`).update(readFileSync(path)).update('\0');
  }
  return hash.digest('hex').slice(0, 32);
}

/**
 * The app synthesized with bundling (`cdk synth`, the CLI `npm run synth` and `cdk deploy` run), kept in
 * SYNTH_CACHE under the hash of its inputs: a second call with the same sources returns at once, and a call
 * while another process synthesizes waits for it (one synth at a time: it takes both cores). The web stack
 * gets an empty web build (`-c webDist`), so the web's build is no input; that stack then only deploys
 * config.json, and nothing of the API depends on it. Returns the output folder.
 */
export async function synthesizeApp(options: { log?: (line: string) => void } = {}): Promise<string> {
  const log = options.log ?? (() => undefined);
  const hash = synthInputsHash();
  const dir = join(SYNTH_CACHE, hash ?? `uncached-${process.pid}-${Date.now()}`);
  mkdirSync(SYNTH_CACHE, { recursive: true });
  for (;;) {
    if (hash && existsSync(join(dir, COMPLETE))) return dir;
    if (takeLock()) {
      try {
        if (!(hash && existsSync(join(dir, COMPLETE)))) await synthesizeInto(dir, log);
        return dir;
      } finally {
        rmSync(LOCK, { recursive: true, force: true });
      }
    }
    log('waiting for the cdk synth another process runs');
    while (lockHeld()) await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const LOCK = join(SYNTH_CACHE, '.lock');
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** Whether a live process holds the lock; the lock of a holder that died is removed. */
function lockHeld(): boolean {
  try {
    const pidFile = join(LOCK, 'pid');
    const owner = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : undefined;
    if (owner !== undefined && alive(owner)) return true;
    // Its holder died, or has not written its pid yet (it does right after taking it).
    if (owner !== undefined || statSync(LOCK).mtimeMs < Date.now() - 10_000)
      rmSync(LOCK, { recursive: true, force: true });
    return existsSync(LOCK);
  } catch {
    return existsSync(LOCK);
  }
}
function takeLock(): boolean {
  try {
    mkdirSync(LOCK);
  } catch {
    return false;
  }
  writeFileSync(join(LOCK, 'pid'), String(process.pid));
  return true;
}

async function synthesizeInto(dir: string, log: (line: string) => void): Promise<void> {
  const noWeb = join(SYNTH_CACHE, 'no-web-build');
  mkdirSync(noWeb, { recursive: true });
  const building = `${dir}.building`;
  rmSync(building, { recursive: true, force: true });
  const logFile = join(SYNTH_CACHE, 'synth.log');
  const started = Date.now();
  log(`cdk synth with bundling → ${dir} (about 85 s of CPU, longer on a busy machine; log: ${logFile})`);
  await run(
    fromRoot('node_modules', '.bin', 'cdk'),
    ['synth', '--quiet', '--no-notices', '--output', building, '--context', `webDist=${noWeb}`],
    logFile,
  );
  writeFileSync(join(building, COMPLETE), `${new Date().toISOString()} ${Date.now() - started} ms\n`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(building, dir);
  log(`synthesized in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Keep this app and the newest other one (~180 MB each; a running stack may still serve it).
  const others = readdirSync(SYNTH_CACHE)
    .map((entry) => join(SYNTH_CACHE, entry))
    .filter((path) => path !== dir && existsSync(join(path, COMPLETE)))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const old of others.slice(1)) rmSync(old, { recursive: true, force: true });
}

function run(command: string, args: string[], logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const log = createWriteStream(logFile);
    let tail = '';
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk: Buffer) => {
        log.write(chunk);
        tail = (tail + chunk.toString()).slice(-4000);
      });
    child.once('error', reject);
    child.once('exit', (code) => {
      log.end();
      if (code === 0) resolve();
      else reject(new Error(`cdk synth failed (exit ${code}); the end of ${logFile}:\n${tail}`));
    });
  });
}
