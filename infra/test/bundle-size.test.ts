/**
 * The size budget of ARCHITECTURE.md ("Cold starts are the latency users feel"): every route's bundle is at
 * most the floor's + 150 KB, the floor being a handler that only creates a DynamoDB DocumentClient and sends
 * one GetCommand, bundled the same way; the background functions (the stream dispatcher, the queued jobs) the
 * floor + 250 KB. Sizes are deterministic, so they are asserted here; load times are not, so they live in
 * `npm run bench` (coldstart). What runs at import is deterministic too: the dispatcher's consumers are checked
 * to be carried but not run until a record is for them.
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
import { CONSUMER_NAMES, CONSUMERS, matchesConsumer } from '@bo/events/consumers';
import { LEDGER_PK } from '@bo/functions/data/stock-movements';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCHER_ENTRY, handlerEntry, queuedJobEntry, REPO_ROOT } from '../cdk/lib/paths';
import { loadedFiles, sourcesByFile } from './import-coverage';
import {
  BACKGROUND_BUDGET,
  bundleLambdas,
  COLD_START_BUDGET,
  extraKBOf,
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
let importJob: LambdaBundle;
const REFERENCE_ROUTE = routeList().find((row) => row.id === 'users.getAll')!;
const synthesized = (entry: string) => app.functions.find((f) => f.entry === relative(REPO_ROOT, entry))!;
const entries = lambdaEntries();
const entryOf = (id: string) => entries.find((e) => e.id === id)!;

beforeAll(async () => {
  app = await synthesizedApp();
  dir = mkdtempSync(join(tmpdir(), 'bo-bundle-size-'));
  const built = await bundleLambdas(
    [
      { id: FLOOR_ID, kind: 'floor', entry: FLOOR_ENTRY },
      { id: REFERENCE_ROUTE.id, kind: 'route', entry: handlerEntry(REFERENCE_ROUTE.handler) },
      // With a package installed beside it (exceljs), which CDK and bundleLambdas leave out of the bundle.
      entryOf('queued/imports'),
    ],
    dir,
  );
  [floor, reference, importJob] = [built[0]!, built[1]!, built[2]!];
}, SYNTH_TIMEOUT_MS);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Lambda bundles', () => {
  it('the floor is bundled as CDK bundles: the same esbuild build gives a function the bytes cdk synth wrote', () => {
    expect(readFileSync(reference.file)).toEqual(readFileSync(synthesized(reference.entry).file));
    // The same for a function with a package installed beside it (what `npm run bench` measures for it).
    expect(importJob.nodeModules).toEqual(['exceljs']);
    expect(readFileSync(importJob.file)).toEqual(readFileSync(synthesized(queuedJobEntry('imports')).file));
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

  it('cover every function of the app: one per route row and scheduled job, the stream dispatcher, the queued jobs', () => {
    expect(entries.filter((e) => e.kind === 'dispatcher')).toHaveLength(1);
    expect(entries.filter((e) => e.kind === 'queued').map((e) => e.id)).toEqual([
      'queued/imports',
      'queued/accounting-exports',
      'queued/report-rebuild',
    ]);
    const expected = entries
      .filter((e) => e.kind !== 'floor')
      .map((e) => relative(REPO_ROOT, e.entry))
      .sort();
    expect(app.functions.map((f) => f.entry).sort()).toEqual(expected);
  });

  it('carry no full S3 client: the storage functions sign their few S3 calls with the SDK signer', () => {
    // @aws-sdk/client-s3 alone was +98 KB (functions/src/data/storage/s3-http.ts, docs/benchmarks.md, "Cold starts").
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
        'events/src/queued/accounting-exports.ts',
        'events/src/queued/imports.ts',
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

  it(`stay within the floor + ${COLD_START_BUDGET.extraKB} KB (the dispatcher and queued jobs + ${BACKGROUND_BUDGET.extraKB} KB)`, () => {
    const kindOf = new Map(entries.map((e) => [relative(REPO_ROOT, e.entry), e.kind] as const));
    const limitOf = (entry: string) => floor.bytes + extraKBOf(kindOf.get(entry) ?? 'route') * 1024;
    const functions = app.functions;
    const over = functions
      .filter((f) => f.bytes > limitOf(f.entry))
      .sort((a, b) => b.bytes - a.bytes)
      .map(
        (f) =>
          `${f.entry}: ${kb(f.bytes)} KB (floor + ${kb(f.bytes - floor.bytes)} KB, its budget floor + ` +
          `${extraKBOf(kindOf.get(f.entry) ?? 'route')} KB)`,
      );
    expect(
      over,
      `${over.length} of ${functions.length} functions are over the size budget: the floor is ${kb(floor.bytes)} KB ` +
        '(index.mjs, KB = 1,024 bytes)',
    ).toEqual([]);
  });
});

describe('the stream dispatcher', () => {
  /** The environment of a deployed function, with placeholders: nothing may reach AWS (closed port, one try). */
  const env = (): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'import-coverage',
    AWS_SECRET_ACCESS_KEY: 'import-coverage',
    AWS_ENDPOINT_URL: 'http://127.0.0.1:9',
    AWS_MAX_ATTEMPTS: '1',
    TABLE_NAME: 'table',
    IMAGES_BUCKET: 'images',
    DOCUMENTS_BUCKET: 'documents',
    USER_POOL_ID: 'us-east-1_pool',
    USER_POOL_CLIENT_ID: 'client',
    POWERTOOLS_SERVICE_NAME: 'backoffice',
    POWERTOOLS_LOG_LEVEL: 'SILENT',
    POWERTOOLS_METRICS_NAMESPACE: 'import-coverage',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
  /** A new stock ledger bucket: a record for stock-movements only. */
  const ledgerRecord = {
    eventID: 'import-coverage-1',
    eventName: 'INSERT',
    eventSource: 'aws:dynamodb',
    dynamodb: {
      SequenceNumber: '100',
      ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
      Keys: { pk: { S: LEDGER_PK }, sk: { S: '$bo#bucket_import-coverage' } },
      NewImage: { pk: { S: LEDGER_PK }, sk: { S: '$bo#bucket_import-coverage' } },
    },
  };

  /**
   * Measured, not inferred from the code: which files a fresh Node process (a cold start) loads when it imports the
   * synthesized dispatcher, and which the first record loads (V8's coverage lists every script it parsed); which
   * sources each file holds comes from the source maps `cdk synth` wrote. The dispatcher is a split bundle: each
   * consumer is in chunks of its own, loaded by the `import()` of the first record for it.
   */
  it('loads no consumer at import; the first record for a consumer loads its chunks and no other consumer’s', () => {
    const bundle = synthesized(DISPATCHER_ENTRY);
    const sources = sourcesByFile(bundle.codeDir, REPO_ROOT);
    const fileOf = (name: string) =>
      [...sources].filter(([, list]) => list.includes(`events/src/consumers/${name}.ts`)).map(([file]) => file);
    expect(CONSUMER_NAMES.filter((name) => matchesConsumer(CONSUMERS[name].filter, ledgerRecord))).toEqual([
      'stock-movements',
    ]);
    const loaded = loadedFiles(bundle.file, env(), { Records: [ledgerRecord] });
    expect(loaded.afterImport).toContain('index.mjs');
    for (const name of CONSUMER_NAMES) {
      const files = fileOf(name);
      expect(files, `${name} is carried in a chunk of its own`).toHaveLength(1);
      expect(files[0], name).toMatch(/^chunks\//);
      expect(loaded.afterImport, `${name} was loaded on import`).not.toContain(files[0]);
      expect(
        loaded.afterEvent!.includes(files[0]!),
        `${name} after a stock ledger record (${loaded.error ?? 'no error'})`,
      ).toBe(name === 'stock-movements');
    }
  });
});
