/**
 * The size budget of ARCHITECTURE.md ("Cold starts are the latency users feel"): every Lambda's bundle is at
 * most the floor's + 150 KB, the floor being a handler that only creates a DynamoDB DocumentClient and sends
 * one GetCommand, bundled the same way. Sizes are deterministic, so they are asserted here; load times are
 * not, so they live in `npm run bench` (coldstart).
 *
 * The functions' bundles are the ones `cdk synth` wrote (the synthesized app the `api-bundles` tests serve
 * the API from, synthesized once per state of the sources); only the floor, which is no function of the app,
 * is built here, with the esbuild API and LAMBDA_BUNDLING, beside one function whose bytes must then equal
 * its synthesized asset's.
 */
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { routeList } from '@bo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlerEntry, REPO_ROOT } from '../cdk/lib/paths';
import {
  bundleLambdas,
  COLD_START_BUDGET,
  JOB_CONSUMER_BUDGET,
  FLOOR_ENTRY,
  FLOOR_ID,
  kb,
  type LambdaBundle,
  lambdaEntries,
} from './lambda-bundles';
import { SYNTH_TIMEOUT_MS, type SynthesizedApp, synthesizedApp } from './synthesized-app';

let dir: string;
let app: SynthesizedApp;
let floor: LambdaBundle;
let reference: LambdaBundle;
const REFERENCE_ROUTE = routeList().find((row) => row.id === 'users.getAll')!;
const synthesized = (entry: string) => app.functions.find((f) => f.entry === relative(REPO_ROOT, entry))!;

beforeAll(async () => {
  app = await synthesizedApp();
  dir = mkdtempSync(join(tmpdir(), 'bo-bundle-size-'));
  const built = await bundleLambdas(
    [
      { id: FLOOR_ID, kind: 'floor', entry: FLOOR_ENTRY },
      { id: REFERENCE_ROUTE.id, kind: 'route', entry: handlerEntry(REFERENCE_ROUTE.handler) },
    ],
    dir,
  );
  [floor, reference] = [built[0]!, built[1]!];
}, SYNTH_TIMEOUT_MS);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Lambda bundles', () => {
  it('the floor is bundled as CDK bundles: the same esbuild build gives a function the bytes cdk synth wrote', () => {
    expect(readFileSync(reference.file)).toEqual(readFileSync(synthesized(reference.entry).file));
  });

  it("a renderer's library is installed beside its bundle and loads from there (storage.createInvoice: pdfmake)", async () => {
    const row = routeList().find((r) => r.nodeModules?.length)!;
    expect(row.id).toBe('storage.createInvoice');
    const asset = synthesized(handlerEntry(row.handler));
    // The bundle itself stays lean; pdfmake (with the standard fonts it reads at run time) sits beside it.
    expect(readFileSync(asset.file, 'utf8')).not.toContain('Helvetica-BoldOblique.afm');
    const require = createRequire(asset.file);
    expect(require.resolve('pdfmake').startsWith(asset.codeDir)).toBe(true);
    const pdfmake = require('pdfmake') as {
      setFonts(fonts: Record<string, Record<string, string>>): void;
      createPdf(definition: unknown): { getBuffer(): Promise<Buffer> };
    };
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
  });

  it('cover every function of the app: one per route row, job and stream consumer', () => {
    const expected = lambdaEntries()
      .filter((e) => e.kind !== 'floor')
      .map((e) => relative(REPO_ROOT, e.entry))
      .sort();
    expect(app.functions.map((f) => f.entry).sort()).toEqual(expected);
  });

  it('carry no full S3 client: the storage functions sign their few S3 calls with the SDK signer', () => {
    // @aws-sdk/client-s3 alone was +98 KB (functions/src/data/storage/s3-http.ts, README "Cold starts").
    // What went into each bundle is read from the source map cdk synth wrote beside it.
    const sourcesOf = (file: string) =>
      (JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] }).sources;
    const fullClient = /node_modules\/@aws-sdk\/(client-s3|s3-request-presigner)\//;
    const withSources = app.functions.map((f) => ({ entry: f.entry, sources: sourcesOf(f.file) }));
    const carriers = withSources.filter((f) => f.sources.some((source) => fullClient.test(source)));
    expect(carriers.map((f) => f.entry)).toEqual([]);
    // The storage routes do reach S3, through the adapter that signs itself.
    const signers = withSources.filter((f) => f.sources.some((source) => source.endsWith('data/storage/s3-http.ts')));
    expect(signers.map((f) => f.entry).sort()).toEqual(
      [
        'events/src/consumers/accounting-exports.ts',
        'events/src/consumers/imports.ts',
        'functions/src/handlers/accounting/exportsGetById.ts',
        // Proof of delivery: stored by complete, read back as 60 s links by getByOrder (issue 26).
        'functions/src/handlers/deliveries/complete.ts',
        'functions/src/handlers/deliveries/getByOrder.ts',
        ...['dryRun', 'getById', 'new'].map((name) => `functions/src/handlers/imports/${name}.ts`),
        ...['delete', 'getDocumentURL', 'getUploadURL', 'list', 'saveDocument'].map(
          (name) => `functions/src/handlers/storage/${name}.ts`,
        ),
      ].sort(),
    );
  });

  it(`stay within the floor + ${COLD_START_BUDGET.extraKB} KB (the long jobs' consumers + ${JOB_CONSUMER_BUDGET.extraKB} KB)`, () => {
    const limit = floor.bytes + COLD_START_BUDGET.extraKB * 1024;
    const limitOf = (entry: string) =>
      (JOB_CONSUMER_BUDGET.entries as readonly string[]).includes(entry)
        ? floor.bytes + JOB_CONSUMER_BUDGET.extraKB * 1024
        : limit;
    const functions = app.functions;
    const over = functions
      .filter((f) => f.bytes > limitOf(f.entry))
      .sort((a, b) => b.bytes - a.bytes)
      .map((f) => `${f.entry}: ${kb(f.bytes)} KB (floor + ${kb(f.bytes - floor.bytes)} KB)`);
    expect(
      over,
      `${over.length} of ${functions.length} functions are over the size budget: the floor is ${kb(floor.bytes)} KB, ` +
        `the budget ${kb(limit)} KB (index.mjs, KB = 1,024 bytes)`,
    ).toEqual([]);
  });
});
