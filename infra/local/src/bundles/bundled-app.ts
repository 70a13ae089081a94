import { randomUUID } from 'node:crypto';
import type {
  APIGatewayProxyStructuredResultV2,
  DynamoDBBatchResponse,
  DynamoDBStreamEvent,
  SQSBatchResponse,
  SQSEvent,
} from 'aws-lambda';
import type { JobName } from '@bo/events/jobs';
import type { JobKind, RouteDef } from '@bo/shared';
import type { LambdaHandler } from '../gateway';
import type { StackInfo } from '../stack-info';
import { readCloudAssembly } from './cloud-assembly';
import { LambdaPool } from './lambda-pool';
import { type LambdaSpecs, readLambdaSpecs } from './lambda-specs';
import { LOCAL_ACCOUNT, localPseudoParameters, localResourceBinder, toLocalSiteUrl } from './local-resources';

/** The response header naming the function (its bundle) that answered a request in `--bundles` mode. */
export const LAMBDA_HEADER = 'x-local-lambda';

export interface BundledAppOptions {
  /** The `cdk synth` output folder. */
  readonly dir: string;
  readonly info: StackInfo;
  /** The table's stream (the value of its StreamArn attribute). */
  readonly streamArn?: string;
  /** Where each function's log goes (`<function>.log`). */
  readonly logDir: string;
  /** The emulators' endpoint variables and the credentials that stand in for the execution roles. */
  readonly baseEnvironment: Readonly<Record<string, string>>;
}

export interface BundledApp {
  readonly dir: string;
  readonly specs: LambdaSpecs;
  /** Invokes the function behind a route with the gateway's event. */
  route(row: Pick<RouteDef, 'method' | 'path'>): LambdaHandler;
  /** Invokes the stream dispatcher's function with a DynamoDBStreamEvent. */
  dispatcher(): (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;
  /** Invokes a queued job's function with an SQSEvent. */
  queuedJob(kind: JobKind): (event: SQSEvent) => Promise<SQSBatchResponse | void>;
  /** Invokes a job's function with the scheduled event EventBridge sends. */
  runJob(name: JobName): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * The synthesized app, run locally: its functions resolved from the cloud assembly (this throws a
 * BundleConfigurationError listing every route, variable or asset it cannot run) and invoked through a
 * LambdaPool, each in its own process with its own environment.
 */
export function startBundledApp(options: BundledAppOptions): BundledApp {
  const assembly = readCloudAssembly(options.dir);
  const specs = readLambdaSpecs(
    assembly,
    localResourceBinder(assembly, options.info, options.streamArn),
    localPseudoParameters(options.info),
    (value) => toLocalSiteUrl(value, options.info),
  );
  const pool = new LambdaPool({ logDir: options.logDir, baseEnvironment: options.baseEnvironment });

  return {
    dir: options.dir,
    specs,
    route(row) {
      const spec = specs.routes.get(`${row.method} ${row.path}`);
      if (!spec) throw new Error(`No function for ${row.method} ${row.path} in ${options.dir}`);
      return async (event, context) => {
        const result = (await pool.invoke(spec, event, context.awsRequestId)) as APIGatewayProxyStructuredResultV2;
        return { ...result, headers: { ...result.headers, [LAMBDA_HEADER]: spec.name } };
      };
    },
    dispatcher() {
      const spec = specs.dispatcher!;
      return async (event) => (await pool.invoke(spec, event)) as DynamoDBBatchResponse | undefined;
    },
    queuedJob(kind) {
      const spec = specs.queuedJobs.get(kind)!;
      return async (event) => (await pool.invoke(spec, event)) as SQSBatchResponse | undefined;
    },
    runJob(name) {
      const id = randomUUID();
      return pool.invoke(specs.jobs.get(name)!, {
        version: '0',
        id,
        'detail-type': 'Scheduled Event',
        source: 'aws.events',
        account: LOCAL_ACCOUNT,
        time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        region: options.info.region,
        resources: [`arn:aws:events:${options.info.region}:${LOCAL_ACCOUNT}:rule/${name}`],
        detail: {},
      });
    },
    stop: () => pool.stop(),
  };
}
