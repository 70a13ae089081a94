import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { JOBS, type JobName } from '@bo/events/jobs';
import { JOB_KINDS, type JobKind, routeList } from '@bo/shared';
import {
  DISPATCHER_ENTRY,
  ENTRY_METADATA,
  handlerEntry,
  jobEntry,
  queuedJobEntry,
  REPO_ROOT,
} from '../../../cdk/lib/paths';
import type { AssemblyStack, CloudAssembly, TemplateResource } from './cloud-assembly';
import { createResolver, type ResourceBinder, type PseudoParameters, type Resolver } from './intrinsics';

/** One Lambda function of the synthesized app, as the local stack runs it. */
export interface LambdaSpec {
  /** A name of its own (CloudFormation would generate one): `<stack>-<logical id>`, at most 64 characters. */
  readonly name: string;
  /** Its construct path (`backoffice-routes-users/UsersGetAll/Function/Resource`), for messages. */
  readonly path: string;
  /** The asset folder `cdk synth` wrote (bundle, source map, `node_modules` of the row's `nodeModules`). */
  readonly codeDir: string;
  /** The file and export the Handler property names (`index.handler` → index.mjs, `handler`). */
  readonly handlerFile: string;
  readonly handlerExport: string;
  readonly runtime: string;
  readonly timeoutSeconds: number;
  readonly memoryMB: number;
  /** Its Environment, every reference resolved to the local stack's values. */
  readonly environment: Readonly<Record<string, string>>;
  /** The TypeScript entry it was bundled from (repo-relative), when the function says. */
  readonly entry?: string;
}

/**
 * What the local stack runs from a synthesized app: the function behind each route, the stream's dispatcher, each
 * queued job and each scheduled job.
 */
export interface LambdaSpecs {
  readonly routes: ReadonlyMap<string, LambdaSpec>;
  readonly dispatcher?: LambdaSpec;
  readonly queuedJobs: ReadonlyMap<JobKind, LambdaSpec>;
  readonly jobs: ReadonlyMap<JobName, LambdaSpec>;
}

/** Names Lambda keeps for itself: a template that sets one does not deploy. */
const RESERVED_VARIABLES =
  /^(_HANDLER|_X_AMZN_TRACE_ID|AWS_REGION|AWS_DEFAULT_REGION|AWS_EXECUTION_ENV|AWS_LAMBDA_\w+|AWS_ACCESS_KEY|AWS_ACCESS_KEY_ID|AWS_SECRET_ACCESS_KEY|AWS_SESSION_TOKEN|LAMBDA_TASK_ROOT|LAMBDA_RUNTIME_DIR)$/;

/** The synthesized app cannot run as it is: every problem found, one a line. */
export class BundleConfigurationError extends Error {
  override name = 'BundleConfigurationError';
  constructor(
    dir: string,
    readonly problems: readonly string[],
  ) {
    super(`The synthesized app in ${dir} cannot run:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const localFunctionName = (stack: string, logicalId: string) => `${stack}-${logicalId}`.slice(0, 64);
const functionArn = (pseudo: PseudoParameters, name: string) =>
  `arn:aws:lambda:${pseudo.region}:${pseudo.accountId}:function:${name}`;
const pathOf = (stack: string, logicalId: string, resource: TemplateResource) =>
  typeof resource.Metadata?.['aws:cdk:path'] === 'string' ? resource.Metadata['aws:cdk:path'] : `${stack}/${logicalId}`;

const resourcesOf = (stack: AssemblyStack, type: string) =>
  Object.entries(stack.template.Resources ?? {}).filter(([, r]) => r.Type === type);

/** Whether a rule's target is a function of the same stack (`Fn::GetAtt` or `Ref`); queues and topics are not run. */
const isFunctionOf = (stack: AssemblyStack, reference: unknown): boolean => {
  const ref = reference as { 'Fn::GetAtt'?: [string, string]; Ref?: string } | undefined;
  const id = ref?.['Fn::GetAtt']?.[0] ?? ref?.Ref;
  return id !== undefined && stack.template.Resources?.[id]?.Type === 'AWS::Lambda::Function';
};

/**
 * Reads the functions the local stack runs out of a cloud assembly: for every HTTP API route its
 * integration's function, for every stream event source and schedule rule theirs; each with its asset
 * folder, handler and environment (references resolved through `bind`; `toLocal` rewrites resolved values,
 * e.g. the site URL). Every route of the route table must be there and nothing else, and every consumer
 * and job of events/. All problems are collected and thrown together as a BundleConfigurationError.
 */
export function readLambdaSpecs(
  assembly: CloudAssembly,
  bind: ResourceBinder,
  pseudo: PseudoParameters,
  toLocal: (value: string) => string = (v) => v,
): LambdaSpecs {
  const problems: string[] = [];
  // The local stack "deploys" the functions and integrations itself: their Ref/Arn are local names.
  const resolver: Resolver = createResolver(
    assembly,
    (resource) => {
      if (resource.type === 'AWS::Lambda::Function') {
        const name = localFunctionName(resource.stack, resource.logicalId);
        return { ref: name, attributes: { Arn: functionArn(pseudo, name) } };
      }
      if (resource.type === 'AWS::ApiGatewayV2::Integration') return { ref: `${resource.stack}/${resource.logicalId}` };
      return bind(resource);
    },
    pseudo,
  );

  const specs = new Map<string, LambdaSpec | null>();
  /** The spec of a function given by ARN or name (what integrations, mappings and targets hold). */
  const functionSpec = (stack: string, reference: unknown, usedBy: string): LambdaSpec | undefined => {
    let id: string;
    try {
      id = resolver.resolveString(reference, stack);
    } catch (error) {
      problems.push(`${usedBy}: ${(error as Error).message}`);
      return undefined;
    }
    for (const candidate of assembly.stacks)
      for (const [logicalId, resource] of resourcesOf(candidate, 'AWS::Lambda::Function')) {
        const name = localFunctionName(candidate.name, logicalId);
        if (id !== name && id !== functionArn(pseudo, name)) continue;
        if (!specs.has(name)) specs.set(name, describeFunction(candidate.name, logicalId, resource));
        return specs.get(name) ?? undefined;
      }
    problems.push(`${usedBy}: ${id} is not a Lambda function of the app`);
    return undefined;
  };

  function describeFunction(stack: string, logicalId: string, resource: TemplateResource): LambdaSpec | null {
    const path = pathOf(stack, logicalId, resource);
    const props = resource.Properties ?? {};
    const found: string[] = [];
    const runtime = String(props.Runtime ?? '');
    if (!runtime.startsWith('nodejs')) found.push(`runtime ${runtime || '(none)'} is not a Node.js runtime`);
    const key = (props.Code as { S3Key?: unknown } | undefined)?.S3Key;
    const listed = typeof key === 'string' ? assembly.assetDir(key) : undefined;
    const codeDir = listed && existsSync(listed) ? listed : undefined;
    if (!codeDir) found.push(`its code (${JSON.stringify(props.Code)}) is not in the assembly`);
    const [module, handlerExport] = String(props.Handler ?? '').split(/\.(?=[^.]+$)/);
    const handlerFile = codeDir
      ? ['.mjs', '.js', '.cjs'].map((ext) => join(codeDir, `${module}${ext}`)).find((file) => existsSync(file))
      : undefined;
    if (codeDir && (!handlerFile || !handlerExport))
      found.push(`its asset has no module for Handler "${String(props.Handler)}"`);

    const environment: Record<string, string> = {};
    const variables = (props.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
    for (const [name, value] of Object.entries(variables)) {
      if (RESERVED_VARIABLES.test(name)) {
        found.push(`${name} is reserved by Lambda (a deployment would be refused)`);
        continue;
      }
      try {
        environment[name] = toLocal(resolver.resolveString(value, stack));
      } catch (error) {
        found.push(`${name}: ${(error as Error).message}`);
      }
    }
    problems.push(...found.map((problem) => `${path}: ${problem}`));
    if (found.length) return null;
    const entry = resource.Metadata?.[ENTRY_METADATA];
    return {
      name: localFunctionName(stack, logicalId),
      path,
      codeDir: codeDir!,
      handlerFile: handlerFile!,
      handlerExport: handlerExport!,
      runtime,
      timeoutSeconds: Number(props.Timeout ?? 3),
      memoryMB: Number(props.MemorySize ?? 128),
      environment,
      ...(typeof entry === 'string' ? { entry } : {}),
    };
  }

  const routes = readRoutes(assembly, resolver, functionSpec, problems);
  const byEntry = (entry: string, usedBy: string) =>
    [...specs.values()].find((s) => s?.entry === relative(REPO_ROOT, entry)) ??
    (problems.push(`${usedBy}: no function of the app is built from ${relative(REPO_ROOT, entry)}`), undefined);

  // The dispatcher, the queued jobs and the scheduled jobs: the functions their mappings (stream, queues) and rules
  // invoke, told apart by entry.
  for (const stack of assembly.stacks) {
    for (const [id, mapping] of resourcesOf(stack, 'AWS::Lambda::EventSourceMapping'))
      functionSpec(stack.name, mapping.Properties?.FunctionName, pathOf(stack.name, id, mapping));
    for (const [id, rule] of resourcesOf(stack, 'AWS::Events::Rule'))
      for (const target of (rule.Properties?.Targets as Array<{ Arn: unknown }> | undefined) ?? [])
        if (isFunctionOf(stack, target.Arn)) functionSpec(stack.name, target.Arn, pathOf(stack.name, id, rule));
  }
  const dispatcher = byEntry(DISPATCHER_ENTRY, 'the stream dispatcher');
  const queuedJobs = new Map<JobKind, LambdaSpec>();
  for (const kind of JOB_KINDS) {
    const spec = byEntry(queuedJobEntry(kind), `queued job ${kind}`);
    if (spec) queuedJobs.set(kind, spec);
  }
  const jobs = new Map<JobName, LambdaSpec>();
  for (const name of Object.keys(JOBS) as JobName[]) {
    const spec = byEntry(jobEntry(name), `job ${name}`);
    if (spec) jobs.set(name, spec);
  }

  if (problems.length) throw new BundleConfigurationError(assembly.dir, [...new Set(problems)]);
  return { routes, ...(dispatcher ? { dispatcher } : {}), queuedJobs, jobs };
}

/** Route key → function, from the HTTP API's Route and Integration resources, checked against the route table. */
function readRoutes(
  assembly: CloudAssembly,
  resolver: Resolver,
  functionSpec: (stack: string, reference: unknown, usedBy: string) => LambdaSpec | undefined,
  problems: string[],
): Map<string, LambdaSpec> {
  const routes = new Map<string, LambdaSpec>();
  /** Every route key of the app, also those whose function has problems (reported on their own). */
  const keys = new Set<string>();
  for (const stack of assembly.stacks)
    for (const [id, route] of resourcesOf(stack, 'AWS::ApiGatewayV2::Route')) {
      const where = pathOf(stack.name, id, route);
      try {
        const key = resolver.resolveString(route.Properties?.RouteKey, stack.name);
        keys.add(key);
        const target = /^integrations\/(.+)\/(.+)$/.exec(resolver.resolveString(route.Properties?.Target, stack.name));
        const integration = target ? assembly.stack(target[1]!)?.template.Resources?.[target[2]!] : undefined;
        if (!target || !integration) throw new Error('its target is not an integration of the app');
        const { IntegrationType, PayloadFormatVersion, IntegrationUri } = integration.Properties ?? {};
        if (IntegrationType !== 'AWS_PROXY' || PayloadFormatVersion !== '2.0')
          throw new Error(
            `its integration is ${String(IntegrationType)} ${String(PayloadFormatVersion)}, not a v2.0 Lambda proxy`,
          );
        const spec = functionSpec(target[1]!, IntegrationUri, `route ${key}`);
        if (spec) routes.set(key, spec);
      } catch (error) {
        problems.push(`${where}: ${(error as Error).message}`);
      }
    }

  for (const row of routeList()) {
    const key = `${row.method} ${row.path}`;
    if (!keys.has(key))
      problems.push(`route ${key} (${row.id}) of the route table is not in the app: is the synth output stale?`);
    const spec = routes.get(key);
    const expected = relative(REPO_ROOT, handlerEntry(row.handler));
    if (spec?.entry && spec.entry !== expected)
      problems.push(`route ${key} runs ${spec.entry}, not its handler ${expected}`);
  }
  const known = new Set(routeList().map((row) => `${row.method} ${row.path}`));
  for (const key of keys)
    if (!known.has(key)) problems.push(`route ${key} of the app is not in the route table: is the synth output stale?`);
  return routes;
}
