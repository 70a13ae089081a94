/**
 * `npm start -- --bundles`: how the local stack reads a synthesized app (infra/local/src/bundles). The
 * functions behind the routes, the stream dispatcher, the queued jobs and the scheduled jobs of the real
 * `cdk synth` output, their environment resolved to the local stack's values (queues: the SQS emulator's); and
 * every kind of mistake the reading must refuse, loudly, before anything runs. That the functions then answer
 * from their bundles is tests/bundles/ (the `api-bundles` project).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { CONSUMER_NAMES } from '@bo/events/consumers';
import { JOBS } from '@bo/events/jobs';
import { allQueueNames, failureQueueName, jobQueueName } from '@bo/events/replay/queues';
import type { ENV_NAMES } from '@bo/functions/config';
import { failureQueueUrlVariable, jobQueueUrlVariable } from '@bo/functions/data/queues';
import { grantsOf, JOB_KINDS, routeList } from '@bo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../cdk/lib/config';
import { DISPATCHER_ENTRY, handlerEntry, queuedJobEntry, REPO_ROOT } from '../cdk/lib/paths';
import { readCloudAssembly, type Template } from '../local/src/bundles/cloud-assembly';
import { createResolver, UnresolvedReferenceError } from '../local/src/bundles/intrinsics';
import { BundleConfigurationError, readLambdaSpecs } from '../local/src/bundles/lambda-specs';
import { localPseudoParameters, localResourceBinder, toLocalSiteUrl } from '../local/src/bundles/local-resources';
import type { StackInfo } from '../local/src/stack';
import { SYNTH_TIMEOUT_MS, synthesizedApp } from './synthesized-app';

const info: StackInfo = {
  apiUrl: 'http://localhost:3999/api',
  webUrl: 'http://localhost:3999',
  region: 'us-east-1',
  dynamodb: { endpoint: 'http://127.0.0.1:8999', tableName: 'local-table' },
  s3: { endpoint: 'http://127.0.0.1:4999', buckets: { images: 'local-images', documents: 'local-documents' } },
  cognito: { endpoint: 'http://127.0.0.1:9999', userPoolId: 'local_pool1234', clientId: 'local-client' },
  sqs: {
    endpoint: 'http://127.0.0.1:7999',
    queues: Object.fromEntries(
      allQueueNames(DEFAULTS.prefix).map((name) => [name, `http://127.0.0.1:7999/000000000000/${name}`]),
    ),
  },
  users: [],
};
const queueUrl = (name: string) => info.sqs.queues[name]!;
const STREAM = 'arn:aws:dynamodb:ddblocal:000000000000:table/local-table/stream/2026-01-01T00:00:00.000';

const specsOf = (dir: string, stack: StackInfo = info) => {
  const assembly = readCloudAssembly(dir);
  return readLambdaSpecs(
    assembly,
    localResourceBinder(assembly, stack, STREAM),
    localPseudoParameters(stack),
    (value) => toLocalSiteUrl(value, stack),
  );
};

/** The problems reading `dir` reports (and that it reports them as a BundleConfigurationError). */
const problemsOf = (dir: string, stack: StackInfo = info): string[] => {
  try {
    specsOf(dir, stack);
  } catch (error) {
    expect(error).toBeInstanceOf(BundleConfigurationError);
    return [...(error as BundleConfigurationError).problems];
  }
  throw new Error('the synthesized app was read without a problem');
};

let synthesized: string;
const copies: string[] = [];

/** A copy of the synthesized app to break: its JSON files copied, its asset folders linked. */
function copyOfApp(): { dir: string; edit: (stack: string, change: (template: Template) => void) => void } {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bundles-copy-'));
  copies.push(dir);
  for (const entry of readdirSync(synthesized))
    if (entry.startsWith('asset.')) symlinkSync(join(synthesized, entry), join(dir, entry));
    else if (entry.endsWith('.json')) writeFileSync(join(dir, entry), readFileSync(join(synthesized, entry)));
  return {
    dir,
    edit(stack, change) {
      const file = join(dir, `${stack}.template.json`);
      const template = JSON.parse(readFileSync(file, 'utf8')) as Template;
      change(template);
      writeFileSync(file, JSON.stringify(template));
    },
  };
}

/** The logical id of the function behind a route, in its stack's template. */
function functionOf(template: Template, routeKey: string): string {
  const resources = template.Resources!;
  const route = Object.values(resources).find(
    (r) => r.Type === 'AWS::ApiGatewayV2::Route' && r.Properties?.RouteKey === routeKey,
  )!;
  const integrationId = JSON.stringify(route.Properties!.Target).match(/"Ref":"([^"]+)"/)![1]!;
  return (resources[integrationId]!.Properties!.IntegrationUri as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
}

const USERS = 'backoffice-routes-users';
const GET_ALL = 'GET /api/db/users/getAll';
const GET_BY_ID = 'GET /api/db/users/getById/{id}';
const variablesOf = (template: Template, logicalId: string) =>
  (template.Resources![logicalId]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;

beforeAll(async () => {
  synthesized = (await synthesizedApp()).dir;
}, SYNTH_TIMEOUT_MS);

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

describe('a synthesized app, read for the local stack', () => {
  it('gives every route of the route table a function of its own, built from the row’s handler', () => {
    const { routes } = specsOf(synthesized);
    for (const row of routeList()) {
      const spec = routes.get(`${row.method} ${row.path}`);
      expect(spec?.entry, `${row.method} ${row.path}`).toBe(relative(REPO_ROOT, handlerEntry(row.handler)));
      expect(existsSync(spec!.handlerFile)).toBe(true);
      expect(spec!.handlerExport).toBe('handler');
    }
    expect(new Set([...routes.values()].map((spec) => spec.name)).size).toBe(routeList().length);
    expect(routes.size).toBe(routeList().length);
  });

  it('resolves the environment each function is deployed with to the local stack’s table, buckets, pool and site', () => {
    const { routes, dispatcher, queuedJobs, jobs } = specsOf(synthesized);
    const local: Record<(typeof ENV_NAMES)[number], string> = {
      TABLE_NAME: info.dynamodb.tableName,
      IMAGES_BUCKET: info.s3.buckets.images,
      DOCUMENTS_BUCKET: info.s3.buckets.documents,
      USER_POOL_ID: info.cognito.userPoolId,
      USER_POOL_CLIENT_ID: info.cognito.clientId,
    };
    for (const spec of [...routes.values(), dispatcher!, ...queuedJobs.values(), ...jobs.values()]) {
      expect(spec.environment, spec.path).toMatchObject(local);
      // Literal values pass through as the template has them.
      expect(spec.environment.POWERTOOLS_SERVICE_NAME).toBe('backoffice');
    }
    for (const spec of routes.values()) expect(spec.environment.SITE_URL, spec.path).toBe(info.webUrl);
  });

  it('finds the stream dispatcher, every queued job and every scheduled job by the entry it is built from', () => {
    const { dispatcher, queuedJobs, jobs } = specsOf(synthesized);
    expect(dispatcher?.entry).toBe(relative(REPO_ROOT, DISPATCHER_ENTRY));
    expect(existsSync(dispatcher!.handlerFile)).toBe(true);
    expect([...queuedJobs.keys()].sort()).toEqual([...JOB_KINDS].sort());
    for (const [kind, spec] of queuedJobs) expect(spec.entry, kind).toBe(relative(REPO_ROOT, queuedJobEntry(kind)));
    expect([...jobs.keys()].sort()).toEqual(Object.keys(JOBS).sort());
  });

  it('gives each function the SQS emulator’s URL of every queue it sends to, across stacks', () => {
    const { routes, dispatcher, queuedJobs } = specsOf(synthesized);
    // The dispatcher: each consumer's failure queue.
    for (const name of CONSUMER_NAMES)
      expect(dispatcher!.environment[failureQueueUrlVariable(name)], name).toBe(
        queueUrl(failureQueueName(DEFAULTS.prefix, name)),
      );
    // A queued job: its own queue, for its next step.
    for (const [kind, spec] of queuedJobs)
      expect(spec.environment[jobQueueUrlVariable(kind)], kind).toBe(queueUrl(jobQueueName(DEFAULTS.prefix, kind)));
    // A route that starts a job: that job's queue, read from the jobs stack's output.
    const starters = routeList().filter((row) => grantsOf(row).jobs.length > 0);
    expect(starters.length).toBeGreaterThan(0);
    for (const row of starters)
      for (const kind of grantsOf(row).jobs)
        expect(routes.get(`${row.method} ${row.path}`)!.environment[jobQueueUrlVariable(kind)], row.id).toBe(
          queueUrl(jobQueueName(DEFAULTS.prefix, kind)),
        );
  });
});

describe('a synthesized app with more than the local stack runs', () => {
  it('leaves a rule whose target is no function (a queue, a topic) alone', () => {
    const app = copyOfApp();
    app.edit('backoffice-jobs', (t) => {
      const queue = Object.keys(t.Resources!).find((id) => t.Resources![id]!.Type === 'AWS::SQS::Queue')!;
      t.Resources!.QueueRule = {
        Type: 'AWS::Events::Rule',
        Properties: {
          ScheduleExpression: 'rate(1 hour)',
          Targets: [{ Arn: { 'Fn::GetAtt': [queue, 'Arn'] }, Id: 'q' }],
        },
      };
    });
    expect(specsOf(app.dir).jobs.size).toBe(Object.keys(JOBS).length);
  });
});

describe('a synthesized app with a mistake fails to start, saying which function and what', () => {
  it('a queue the SQS emulator does not hold (a stack started before the queue was added)', () => {
    const name = failureQueueName(DEFAULTS.prefix, 'stock-movements');
    const { [name]: _gone, ...queues } = info.sqs.queues;
    const problems = problemsOf(synthesized, { ...info, sqs: { ...info.sqs, queues } });
    expect(problems).toContainEqual(
      expect.stringMatching(
        /StreamDispatcher\/Function\/Resource: FAILURE_QUEUE_URL_STOCK_MOVEMENTS: the local stack has no counterpart for AWS::SQS::Queue .*StockMovementsFailures/,
      ),
    );
    // The reader also says it found no dispatcher (a function with a problem is not kept): nothing else is named.
    expect(
      problems.every((problem) => /dispatcher/i.test(problem)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('a stream dispatcher no mapping invokes', () => {
    const app = copyOfApp();
    app.edit('backoffice-jobs', (t) => {
      for (const [id, r] of Object.entries(t.Resources!))
        if (r.Type === 'AWS::Lambda::EventSourceMapping' && JSON.stringify(r.Properties).includes('TableStreamArn'))
          delete t.Resources![id];
    });
    expect(problemsOf(app.dir)).toEqual([
      `the stream dispatcher: no function of the app is built from ${relative(REPO_ROOT, DISPATCHER_ENTRY)}`,
    ]);
  });

  it('a variable that imports a value no stack exports', () => {
    const app = copyOfApp();
    app.edit(USERS, (t) => {
      variablesOf(t, functionOf(t, GET_ALL)).TABLE_NAME = { 'Fn::ImportValue': 'backoffice-data:TableNmae' };
    });
    expect(problemsOf(app.dir)).toEqual([
      expect.stringMatching(/UsersGetAll\/Function\/Resource: TABLE_NAME: .*"backoffice-data:TableNmae": no stack/),
    ]);
  });

  it('a variable that refers to a resource the local stack has no counterpart for', () => {
    const app = copyOfApp();
    app.edit(USERS, (t) => {
      const role = Object.keys(t.Resources!).find((id) => t.Resources![id]!.Type === 'AWS::IAM::Role')!;
      variablesOf(t, functionOf(t, GET_ALL)).ROLE_ARN = { 'Fn::GetAtt': [role, 'Arn'] };
    });
    expect(problemsOf(app.dir)).toEqual([
      expect.stringMatching(
        /UsersGetAll\/Function\/Resource: ROLE_ARN: the local stack has no counterpart for AWS::IAM::Role/,
      ),
    ]);
  });

  it('a variable Lambda reserves for itself', () => {
    const app = copyOfApp();
    app.edit(USERS, (t) => {
      variablesOf(t, functionOf(t, GET_ALL)).AWS_REGION = 'eu-west-1';
    });
    expect(problemsOf(app.dir)).toEqual([expect.stringMatching(/UsersGetAll.*AWS_REGION is reserved by Lambda/)]);
  });

  it('a route of the route table the app does not have (a stale synth)', () => {
    const app = copyOfApp();
    app.edit(USERS, (t) => {
      const [id] = Object.entries(t.Resources!).find(([, r]) => r.Properties?.RouteKey === GET_ALL)!;
      delete t.Resources![id];
    });
    expect(problemsOf(app.dir)).toEqual([
      expect.stringContaining(`route ${GET_ALL} (users.getAll) of the route table is not in the app`),
    ]);
  });

  it('a route wired to another route’s function', () => {
    const app = copyOfApp();
    app.edit(USERS, (t) => {
      const other = functionOf(t, GET_BY_ID);
      const route = Object.values(t.Resources!).find((r) => r.Properties?.RouteKey === GET_ALL)!;
      const integrationId = JSON.stringify(route.Properties!.Target).match(/"Ref":"([^"]+)"/)![1]!;
      t.Resources![integrationId]!.Properties!.IntegrationUri = { 'Fn::GetAtt': [other, 'Arn'] };
    });
    expect(problemsOf(app.dir)).toEqual([
      `route ${GET_ALL} runs functions/src/handlers/users/getById.ts, not its handler functions/src/handlers/users/getAll.ts`,
    ]);
  });

  it('a function whose code is not in the output, or whose Handler names no module of it', () => {
    const app = copyOfApp();
    app.edit(USERS, (t) => {
      (t.Resources![functionOf(t, GET_ALL)]!.Properties!.Code as { S3Key: string }).S3Key = 'missing.zip';
      t.Resources![functionOf(t, GET_BY_ID)]!.Properties!.Handler = 'main.handler';
    });
    expect(problemsOf(app.dir).sort()).toEqual([
      expect.stringMatching(/UsersGetAll\/Function\/Resource: its code .*missing\.zip.* is not in the assembly/),
      expect.stringMatching(/UsersGetById\/Function\/Resource: its asset has no module for Handler "main.handler"/),
    ]);
  });
});

describe('template expressions', () => {
  const assembly = {
    dir: '/nowhere',
    stacks: [
      {
        name: 'a',
        template: {
          Parameters: {
            Stage: { Type: 'String', Default: 'dev' },
            Version: { Type: 'AWS::SSM::Parameter::Value<String>', Default: '/v' },
          },
          Resources: { Table: { Type: 'AWS::DynamoDB::Table' }, Queue: { Type: 'AWS::SQS::Queue' } },
          Outputs: { Name: { Value: { Ref: 'Table' } } },
        },
      },
    ],
    stack: (name: string) => (name === 'a' ? assembly.stacks[0] : undefined),
    assetDir: () => undefined,
  };
  const resolver = createResolver(
    assembly,
    (r) => (r.type === 'AWS::DynamoDB::Table' ? { ref: 't1', attributes: { Arn: 'arn:t1' } } : undefined),
    { region: 'us-east-1', accountId: '000000000000' },
  );
  const value = (expression: unknown) => resolver.resolveString(expression, 'a');

  it('evaluates Sub (variables, Ref, GetAtt, pseudo parameters, literals), GetStackOutput and parameters', () => {
    expect(value({ 'Fn::Sub': ['${AWS::Region}/${Table}/${Table.Arn}/${X}/${!Kept}', { X: { Ref: 'Stage' } }] })).toBe(
      'us-east-1/t1/arn:t1/dev/${Kept}',
    );
    expect(value({ 'Fn::GetStackOutput': { StackName: 'a', OutputName: 'Name' } })).toBe('t1');
    expect(value({ 'Fn::Join': ['-', [{ 'Fn::Select': ['1', { 'Fn::Split': [':', 'x:y:z'] }] }, 'w']] })).toBe('y-w');
  });

  it.each([
    [{ 'Fn::Select': [3, ['x']] }, /index 3 is outside/],
    [{ 'Fn::If': ['IsProd', 'a', 'b'] }, /Fn::If is not evaluated locally/],
    [{ Ref: 'Version' }, /parameter Version of a has no value before deployment/],
    [{ Ref: 'Missing' }, /a has no resource Missing/],
    [{ 'Fn::GetAtt': ['Table', 'StreamArn'] }, /no local value for the StreamArn of AWS::DynamoDB::Table/],
    [{ 'Fn::GetStackOutput': { StackName: 'b', OutputName: 'Name' } }, /b has no output Name/],
    [{ Ref: 'Queue' }, /no counterpart for AWS::SQS::Queue/],
  ])('refuses %j', (expression, message) => {
    expect(() => value(expression)).toThrow(UnresolvedReferenceError);
    expect(() => value(expression)).toThrow(message);
  });
});
