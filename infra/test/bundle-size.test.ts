/**
 * The size budget of ARCHITECTURE.md ("Cold starts are the latency users feel"): every Lambda's bundle is at
 * most the floor's + 150 KB, the floor being a handler that only creates a DynamoDB DocumentClient and sends
 * one GetCommand, bundled the same way. Sizes are deterministic, so they are asserted here; load times are
 * not, so they live in `npm run bench` (coldstart).
 *
 * The bundles are built with the esbuild API from LAMBDA_BUNDLING, the constant the CDK functions bundle with,
 * rather than read from a `cdk synth` with bundling (same bytes, checked below; the synth took 206–346 s and
 * wrote 233 MB on a busy 2-core machine, one esbuild build of every function 45–77 s there).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { routeList } from '@bo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMBDA_BUNDLING } from '../cdk/lib/backoffice-function';
import { LOCK_FILE, REPO_ROOT } from '../cdk/lib/paths';
import { bundleLambdas, COLD_START_BUDGET, FLOOR_ID, kb, type LambdaBundle, lambdaEntries } from './lambda-bundles';
import { cdkJsonContext, synthBackoffice } from './support';

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

let dir: string;
let bundles: LambdaBundle[];
let floor: LambdaBundle;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bo-bundle-size-'));
  bundles = await bundleLambdas(lambdaEntries(), dir);
  floor = bundles.find((b) => b.id === FLOOR_ID)!;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Lambda bundles', () => {
  it('are what CDK deploys: a NodejsFunction bundling with LAMBDA_BUNDLING writes the same bytes', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'bo-bundle-cdk-'));
    try {
      const app = new App({ outdir, context: cdkJsonContext() });
      const stack = new Stack(app, 'BundleCheck');
      // The floor and one route: each its own entry, bundled by CDK's esbuild command line.
      const checked = [floor, bundles.find((b) => b.id === 'users.getAll')!];
      checked.forEach((bundle, i) => {
        new NodejsFunction(stack, `Fn${i}`, {
          entry: bundle.entry,
          handler: 'handler',
          runtime: Runtime.NODEJS_22_X,
          architecture: Architecture.ARM_64,
          projectRoot: REPO_ROOT,
          depsLockFilePath: LOCK_FILE,
          bundling: LAMBDA_BUNDLING,
        });
      });
      const template = app.synth().getStackByName(stack.stackName).template as {
        Resources: Record<string, { Type: string; Properties: { Code?: { S3Key?: string } } }>;
      };
      const assets = Object.values(template.Resources)
        .filter((r) => r.Type === 'AWS::Lambda::Function')
        .map((r) => join(outdir, `asset.${r.Properties.Code!.S3Key!.replace(/\.zip$/, '')}`, 'index.mjs'));
      expect(assets.map(sha256).sort()).toEqual(checked.map((b) => sha256(b.file)).sort());
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });

  it("a renderer's library is installed beside its bundle and loads from there (storage.createInvoice: pdfmake)", async () => {
    const row = routeList().find((r) => r.nodeModules?.length)!;
    expect(row.id).toBe('storage.createInvoice');
    const outdir = mkdtempSync(join(tmpdir(), 'bo-bundle-renderer-'));
    try {
      const app = new App({ outdir, context: cdkJsonContext() });
      const stack = new Stack(app, 'RendererCheck');
      new NodejsFunction(stack, 'Fn', {
        entry: bundles.find((b) => b.id === row.id)!.entry,
        handler: 'handler',
        runtime: Runtime.NODEJS_22_X,
        architecture: Architecture.ARM_64,
        projectRoot: REPO_ROOT,
        depsLockFilePath: LOCK_FILE,
        bundling: { ...LAMBDA_BUNDLING, nodeModules: [...row.nodeModules!] },
      });
      const template = app.synth().getStackByName(stack.stackName).template as {
        Resources: Record<string, { Type: string; Properties: { Code?: { S3Key?: string } } }>;
      };
      const key = Object.values(template.Resources).find((r) => r.Type === 'AWS::Lambda::Function')!.Properties.Code!
        .S3Key!;
      const asset = join(outdir, `asset.${key.replace(/\.zip$/, '')}`);
      // The bundle itself stays lean; pdfmake (with the standard fonts it reads at run time) sits beside it.
      expect(readFileSync(join(asset, 'index.mjs'), 'utf8')).not.toContain('Helvetica-BoldOblique.afm');
      const pdfmake = createRequire(join(asset, 'index.mjs'))('pdfmake') as {
        setFonts(fonts: Record<string, Record<string, string>>): void;
        createPdf(definition: unknown): { getBuffer(): Promise<Buffer> };
      };
      expect(createRequire(join(asset, 'index.mjs')).resolve('pdfmake').startsWith(asset)).toBe(true);
      pdfmake.setFonts({
        Helvetica: {
          normal: 'Helvetica',
          bold: 'Helvetica-Bold',
          italics: 'Helvetica-Oblique',
          bolditalics: 'Helvetica-BoldOblique',
        },
      });
      const pdf = await pdfmake.createPdf({ content: ['Invoice'], defaultStyle: { font: 'Helvetica' } }).getBuffer();
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });

  it('cover every function of the app: one per route row and one per job', () => {
    const app = synthBackoffice();
    const deployed = [...app.routes, app.jobs].flatMap((stack) =>
      Object.values(app.template(stack).findResources('AWS::Lambda::Function')),
    );
    expect(bundles.filter((b) => b.kind !== 'floor')).toHaveLength(deployed.length);
  });

  it('carry no full S3 client: the storage functions sign their few S3 calls with the SDK signer', () => {
    // @aws-sdk/client-s3 alone was +98 KB (functions/src/data/storage/s3-http.ts, README "Cold starts").
    const fullClient = /node_modules\/@aws-sdk\/(client-s3|s3-request-presigner)\//;
    const carriers = bundles.filter((b) => Object.keys(b.inputs).some((input) => fullClient.test(input)));
    expect(carriers.map((b) => b.id)).toEqual([]);
    // The storage routes do reach S3, through the adapter that signs itself.
    const signers = bundles.filter((b) =>
      Object.keys(b.inputs).some((input) => input.endsWith('data/storage/s3-http.ts')),
    );
    expect(signers.map((b) => b.id).sort()).toEqual([
      'storage.delete',
      'storage.getDocumentURL',
      'storage.getUploadURL',
      'storage.list',
      'storage.saveDocument',
    ]);
  });

  it(`stay within the floor + ${COLD_START_BUDGET.extraKB} KB`, () => {
    const limit = floor.bytes + COLD_START_BUDGET.extraKB * 1024;
    const functions = bundles.filter((b) => b.kind !== 'floor');
    const over = functions
      .filter((b) => b.bytes > limit)
      .sort((a, b) => b.bytes - a.bytes)
      .map((b) => `${b.id}: ${kb(b.bytes)} KB (floor + ${kb(b.bytes - floor.bytes)} KB)`);
    expect(
      over,
      `${over.length} of ${functions.length} functions are over the size budget: the floor is ${kb(floor.bytes)} KB, ` +
        `the budget ${kb(limit)} KB (index.mjs, KB = 1,024 bytes)`,
    ).toEqual([]);
  });
});
