import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, realpathSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LambdaSpec } from './lambda-specs';

const RUNTIME = fileURLToPath(new URL('./lambda-runtime.mjs', import.meta.url));
/** A synchronous invocation's response may not exceed 6 MB (Lambda quotas). */
const MAX_RESPONSE_BYTES = 6 * 1024 * 1024;

/** A failed invocation, as Lambda reports it (errorType `Runtime.ImportModuleError`, `Sandbox.Timedout`, ...). */
export class InvocationError extends Error {
  override name = 'InvocationError';
  constructor(
    readonly functionName: string,
    readonly errorType: string,
    message: string,
  ) {
    super(`${functionName}: ${errorType}: ${message}`);
  }
}

export interface LambdaPoolOptions {
  /** Each function's stdout and stderr go to `<logDir>/<function name>.log` (its "log group"). */
  readonly logDir: string;
  /**
   * What every environment gets besides the function's own variables: the emulators' endpoint variables
   * and the credentials that stand in for the execution role.
   */
  readonly baseEnvironment: Readonly<Record<string, string>>;
  /** Environments kept warm across all functions; the least recently used idle one goes first (default 16). */
  readonly maxEnvironments?: number;
  /** Concurrent environments of one function; later events wait for one to be free (default 4). */
  readonly maxPerFunction?: number;
  /** An environment idle this long is stopped, as Lambda reclaims idle ones (default 300). */
  readonly idleSeconds?: number;
}

interface Pending {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** One execution environment: a Node process that imported one function's handler. */
class Environment {
  /** Resolves once the handler module is loaded; rejects with the init error (or the exit) otherwise. */
  readonly ready: Promise<void>;
  readonly exited: Promise<void>;
  busy = true;
  lastUsed = Date.now();
  private pending?: Pending;
  private alive = true;
  private initError?: InvocationError;

  constructor(
    readonly spec: LambdaSpec,
    private readonly child: ChildProcess,
  ) {
    let ready: () => void;
    let failed: (error: Error) => void;
    this.ready = new Promise<void>((resolve, reject) => ((ready = resolve), (failed = reject)));
    this.ready.catch(() => undefined);
    child.on('message', (message: { type: string; result?: unknown; error?: LambdaError }) => {
      if (message.type === 'ready') ready();
      else if (message.type === 'init-error') failed((this.initError = toError(spec.name, message.error!)));
      else if (message.type === 'result') this.settle((p) => p.resolve(message.result));
      else if (message.type === 'error') this.settle((p) => p.reject(toError(spec.name, message.error!)));
    });
    // A send to a process that has just died: its exit (below) reports it.
    child.on('error', () => undefined);
    this.exited = new Promise<void>((resolve) =>
      child.once('exit', (code, signal) => {
        this.alive = false;
        const error =
          this.initError ?? new InvocationError(spec.name, 'Runtime.ExitError', `exited (${signal ?? `code ${code}`})`);
        failed(error);
        this.settle((p) => p.reject(error));
        resolve();
      }),
    );
  }

  get isAlive(): boolean {
    return this.alive;
  }

  async invoke(event: unknown, requestId: string): Promise<unknown> {
    await this.ready;
    const deadline = Date.now() + this.spec.timeoutSeconds * 1000;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const seconds = this.spec.timeoutSeconds;
        this.settle((p) =>
          p.reject(new InvocationError(this.spec.name, 'Sandbox.Timedout', `Task timed out after ${seconds} seconds`)),
        );
        this.kill();
      }, deadline - Date.now());
      this.pending = { resolve, reject, timer };
      const context = {
        functionName: this.spec.name,
        functionVersion: '$LATEST',
        invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${this.spec.name}`,
        memoryLimitInMB: String(this.spec.memoryMB),
        awsRequestId: requestId,
        logGroupName: `/aws/lambda/${this.spec.name}`,
        logStreamName: 'local',
        deadline,
        traceId: `Root=1-${Math.floor(Date.now() / 1000).toString(16)}-${randomBytes(12).toString('hex')};Parent=${randomBytes(8).toString('hex')};Sampled=0`,
      };
      this.child.send({ type: 'invoke', id: requestId, event, context });
    });
  }

  /** Stops the process; from now on the environment takes no events (its exit may come a little later). */
  kill(): void {
    if (!this.alive) return;
    this.alive = false;
    this.child.kill('SIGKILL');
  }

  private settle(action: (pending: Pending) => void): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    clearTimeout(pending.timer);
    action(pending);
  }
}

interface LambdaError {
  errorType: string;
  errorMessage: string;
}

const toError = (name: string, error: LambdaError) => new InvocationError(name, error.errorType, error.errorMessage);

/**
 * Runs Lambda functions from their bundles as Lambda does: each in its own Node process (an execution
 * environment) started on first use and kept warm, with only its own environment variables plus
 * `baseEnvironment`, in a copy of its asset folder outside the repository (so a package the bundle does not
 * carry and its `node_modules` do not hold cannot be found in the repo's `node_modules` either), one event
 * at a time per environment, stopped when it overruns its Timeout.
 */
export class LambdaPool {
  private readonly environments = new Set<Environment>();
  private readonly waiting = new Map<string, Array<() => void>>();
  private readonly starting = new Map<string, number>();
  private readonly taskRoots = new Map<string, Promise<string>>();
  private readonly root: Promise<string>;
  private stopped = false;

  private readonly reaper: NodeJS.Timeout;

  constructor(private readonly options: LambdaPoolOptions) {
    mkdirSync(options.logDir, { recursive: true });
    this.root = mkdtemp(join(tmpdir(), 'bo-lambda-'));
    const idleMs = (options.idleSeconds ?? 300) * 1000;
    this.reaper = setInterval(
      () => {
        for (const environment of this.environments)
          if (!environment.busy && Date.now() - environment.lastUsed > idleMs) environment.kill();
      },
      Math.min(idleMs, 30_000),
    ).unref();
  }

  /** Invokes a function with an event; resolves with its result or rejects with an InvocationError. */
  async invoke(spec: LambdaSpec, event: unknown, requestId: string = randomUUID()): Promise<unknown> {
    const environment = await this.acquire(spec);
    try {
      const result = await environment.invoke(event, requestId);
      const bytes = Buffer.byteLength(JSON.stringify(result) ?? '');
      if (bytes > MAX_RESPONSE_BYTES)
        throw new InvocationError(spec.name, 'Function.ResponseSizeTooLarge', `${bytes} bytes (at most 6 MB)`);
      return result;
    } finally {
      environment.busy = false;
      environment.lastUsed = Date.now();
      this.waiting.get(spec.name)?.shift()?.();
      this.trim();
    }
  }

  /** Stops every environment and removes the task roots. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.reaper);
    for (const queue of this.waiting.values()) for (const wake of queue.splice(0)) wake();
    const environments = [...this.environments];
    for (const environment of environments) environment.kill();
    await Promise.all(environments.map((environment) => environment.exited));
    await rm(await this.root, { recursive: true, force: true });
  }

  private async acquire(spec: LambdaSpec): Promise<Environment> {
    for (;;) {
      if (this.stopped) throw new InvocationError(spec.name, 'Local.Stopped', 'the local stack is stopping');
      const mine = [...this.environments].filter((e) => e.spec.name === spec.name && e.isAlive);
      const idle = mine.find((e) => !e.busy);
      if (idle) {
        idle.busy = true;
        return idle;
      }
      const starting = this.starting.get(spec.name) ?? 0;
      if (mine.length + starting < (this.options.maxPerFunction ?? 4)) {
        this.starting.set(spec.name, starting + 1);
        try {
          return await this.start(spec);
        } finally {
          this.starting.set(spec.name, (this.starting.get(spec.name) ?? 1) - 1);
        }
      }
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(spec.name) ?? [];
        queue.push(resolve);
        this.waiting.set(spec.name, queue);
      });
    }
  }

  private async start(spec: LambdaSpec): Promise<Environment> {
    const taskRoot = await this.taskRoot(spec);
    const handlerModule = relative(spec.codeDir, spec.handlerFile);
    const environmentVariables: Record<string, string> = {
      ...spec.environment,
      ...this.options.baseEnvironment,
      PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
      LANG: 'en_US.UTF-8',
      TZ: 'UTC',
      _HANDLER: `${handlerModule.replace(/\.[cm]?js$/, '')}.${spec.handlerExport}`,
      LAMBDA_TASK_ROOT: taskRoot,
      AWS_EXECUTION_ENV: `AWS_Lambda_${spec.runtime}`,
      AWS_LAMBDA_FUNCTION_NAME: spec.name,
      AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
      AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(spec.memoryMB),
      AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
      AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${spec.name}`,
      AWS_LAMBDA_LOG_STREAM_NAME: 'local',
    };
    const log = createWriteStream(join(this.options.logDir, `${spec.name}.log`), { flags: 'a' });
    const child = fork(RUNTIME, [join(taskRoot, handlerModule), spec.handlerExport], {
      cwd: taskRoot,
      env: environmentVariables,
      // Plain node, not the parent's loaders (tsx); the heap bounded about as the function's memory bounds it.
      execArgv: [`--max-old-space-size=${Math.max(64, Math.floor(spec.memoryMB * 0.9))}`],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    const environment = new Environment(spec, child);
    void environment.exited.then(() => {
      this.environments.delete(environment);
      log.end();
      this.waiting.get(spec.name)?.shift()?.();
    });
    this.environments.add(environment);
    this.trim();
    return environment;
  }

  /** The function's asset copied once to a folder of its own under the pool's temporary root. */
  private taskRoot(spec: LambdaSpec): Promise<string> {
    let root = this.taskRoots.get(spec.name);
    if (!root) {
      root = this.root.then(async (base) => {
        const target = join(base, spec.name);
        await cp(realpathSync(spec.codeDir), target, { recursive: true });
        return target;
      });
      this.taskRoots.set(spec.name, root);
    }
    return root;
  }

  /** Keeps at most `maxEnvironments` alive: the least recently used idle ones stop first. */
  private trim(): void {
    const max = this.options.maxEnvironments ?? 16;
    const idle = [...this.environments].filter((e) => !e.busy).sort((a, b) => a.lastUsed - b.lastUsed);
    while (this.environments.size > max && idle.length) {
      const environment = idle.shift()!;
      this.environments.delete(environment);
      environment.kill();
    }
  }
}
