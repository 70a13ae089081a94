/**
 * What deploys is what is tested (ARCHITECTURE.md): this project's stack serves the API from the bundles and
 * environments `cdk synth` wrote (tests/support/bundled-stack-setup.ts), and the API tests it includes run
 * against it. Here: every route of the route table answers from a bundle of its own; and a mistake in what
 * is deployed (a variable missing from a function's environment, a broken bundle) makes the API fail.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPath, pathParamNames, routeList } from '@bo/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LAMBDA_HEADER, startBundledApp } from '../../infra/local/src/bundles/bundled-app';
import { readCloudAssembly, type Template } from '../../infra/local/src/bundles/cloud-assembly';
import { startGateway } from '../../infra/local/src/gateway';
import { localAwsEnvironment } from '../../infra/local/src/stack';
import { signIn, stackInfo, tokenFor } from '../support/stack';

const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;

describe('every route of the route table, served from its bundle', () => {
  const served = new Map<string, string>();
  let token: string;
  let adminId: string;

  beforeAll(async () => {
    token = await tokenFor('ADMIN');
    adminId = subOf((await signIn(stackInfo().users[0]!.email)).idToken);
  });

  it.each(routeList())('$method $path', async (row) => {
    const params = Object.fromEntries(
      pathParamNames(row.path).map((name) => [name, name === 'entityType' ? 'user' : adminId]),
    );
    const response = await fetch(`${stackInfo().webUrl}${buildPath(row.path, params)}`, {
      method: row.method,
      headers: { authorization: `Bearer ${token}`, ...(row.body ? { 'content-type': 'application/json' } : {}) },
      ...(row.body ? { body: '{}' } : {}),
    });
    const text = await response.text();
    expect(response.status, text).toBeLessThan(500);
    const lambda = response.headers.get(LAMBDA_HEADER);
    expect(lambda, 'the function that answered').toMatch(/^backoffice-routes-/);
    served.set(`${row.method} ${row.path}`, lambda!);
  });

  it('one function per route', () => {
    expect(served.size).toBe(routeList().length);
    expect(new Set(served.values()).size).toBe(routeList().length);
  });
});

describe('a mistake in what is deployed fails the API', () => {
  const HEALTH = 'GET /api/health';
  let scratch: string;
  let token: string;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'bo-bundles-mistake-'));
    token = await tokenFor('ADMIN');
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /**
   * A copy of the synthesized app this stack serves (JSON copied, assets linked), changed by `change`, served by
   * a second gateway on the same emulators. Calls GET /api/health on it as ADMIN; returns the status and the
   * health function's log.
   */
  async function healthOf(
    change: (app: {
      template: Template;
      health: string;
      rewriteBundle: (edit: (code: string) => string) => void;
    }) => void,
  ) {
    const info = stackInfo();
    const source = info.bundles!;
    const dir = mkdtempSync(join(scratch, 'app-'));
    for (const entry of readdirSync(source))
      if (entry.startsWith('asset.')) symlinkSync(join(source, entry), join(dir, entry));
      else if (entry.endsWith('.json')) writeFileSync(join(dir, entry), readFileSync(join(source, entry)));
    const stack = readCloudAssembly(dir).stacks.find((s) =>
      Object.values(s.template.Resources ?? {}).some((r) => r.Properties?.RouteKey === HEALTH),
    )!;
    const template = stack.template;
    const route = Object.values(template.Resources!).find((r) => r.Properties?.RouteKey === HEALTH)!;
    const integration = JSON.stringify(route.Properties!.Target).match(/"Ref":"([^"]+)"/)![1]!;
    const uri = template.Resources![integration]!.Properties!.IntegrationUri as { 'Fn::GetAtt': [string, string] };
    const health = uri['Fn::GetAtt'][0];
    /** Replaces the health function's linked asset with a copy whose index.mjs is edited. */
    const rewriteBundle = (edit: (code: string) => string) => {
      const key = (template.Resources![health]!.Properties!.Code as { S3Key: string }).S3Key;
      const asset = readCloudAssembly(dir).assetDir(key)!;
      rmSync(asset);
      cpSync(readCloudAssembly(source).assetDir(key)!, asset, { recursive: true });
      writeFileSync(join(asset, 'index.mjs'), edit(readFileSync(join(asset, 'index.mjs'), 'utf8')));
    };
    change({ template, health, rewriteBundle });
    writeFileSync(join(dir, `${stack.name}.template.json`), JSON.stringify(template));

    const logDir = join(dir, 'logs');
    const app = startBundledApp({ dir, info, logDir, baseEnvironment: localAwsEnvironment(info) });
    const gateway = await startGateway({
      port: 0,
      issuer: `${info.cognito.endpoint}/${info.cognito.userPoolId}`,
      clientId: info.cognito.clientId,
      web: 'none',
      imagesOrigin: `${info.s3.endpoint}/${info.s3.buckets.images}`,
      webConfig: {
        region: info.region,
        userPoolId: info.cognito.userPoolId,
        userPoolClientId: info.cognito.clientId,
        userPoolEndpoint: info.cognito.endpoint,
        authFlowType: 'USER_PASSWORD_AUTH',
      },
      handlerFor: (row) => app.route(row),
    });
    try {
      const response = await fetch(`${gateway.url}/api/health`, { headers: { authorization: `Bearer ${token}` } });
      const log = join(logDir, `${app.specs.routes.get(HEALTH)!.name}.log`);
      return { status: response.status, body: await response.text(), log: () => readFileSync(log, 'utf8') };
    } finally {
      await gateway.close();
      await app.stop();
    }
  }

  it('as synthesized, the copy answers', async () => {
    const { status, body } = await healthOf(() => undefined);
    expect(status, body).toBe(200);
  });

  it('a variable missing from the function’s environment: 500, and its log says which', async () => {
    const { status, log } = await healthOf(({ template, health }) => {
      const variables = (template.Resources![health]!.Properties!.Environment as { Variables: Record<string, unknown> })
        .Variables;
      delete variables.TABLE_NAME;
    });
    expect(status).toBe(500);
    await vi.waitFor(() => expect(log()).toContain('Missing environment variable TABLE_NAME'), { timeout: 15_000 });
  });

  it('a broken bundle: 500, and its log says why', async () => {
    const { status, log } = await healthOf(({ rewriteBundle }) => rewriteBundle((code) => code.slice(0, 5000)));
    expect(status).toBe(500);
    await vi.waitFor(() => expect(log()).toMatch(/"phase":"init".*SyntaxError/), { timeout: 15_000 });
  });

  it('a package the bundle leaves out and its asset does not install: 500, though the repo has it', async () => {
    // As if it were marked external: electrodb is in the repo's node_modules, not in the function's asset.
    const { status, log } = await healthOf(({ rewriteBundle }) =>
      rewriteBundle((code) => `import 'electrodb';\n${code}`),
    );
    expect(status).toBe(500);
    await vi.waitFor(() => expect(log()).toMatch(/"phase":"init".*Cannot find package 'electrodb'/), {
      timeout: 15_000,
    });
  });
});
