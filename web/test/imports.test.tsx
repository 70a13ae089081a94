import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob, ImportRow } from '@bo/shared';
import { templateFileName } from '../src/components/import-format-export';
import {
  commitConfirmation,
  fileProblem,
  importableKinds,
  initialKind,
  refusalText,
  resultText,
  rowChanges,
  rowMatcher,
  toDryRunRow,
} from '../src/pages/imports/imports-config';
import { fakeApi, makeSession, renderApp } from './helpers';

beforeAll(async () => {
  await Promise.all([
    import('../src/app/AppShell'),
    import('../src/pages/home/HomePage'),
    import('../src/pages/imports/ImportsPage'),
    import('../src/components/ConfirmationModal'),
  ]);
});

const counts = (create: number, update: number, unchanged: number, refuse: number) => ({
  create,
  update,
  unchanged,
  refuse,
});

describe('dry-run rows as the table shows them', () => {
  it('names an update’s changed columns by their template headers, with the new values', () => {
    const row: ImportRow = {
      row: 3,
      action: 'update',
      label: 'Acme',
      id: 'b1',
      changed: ['brandRepName', 'excludeFromReporting'],
      body: { brandRepName: 'Dana Lee', excludeFromReporting: true },
    };
    expect(rowChanges('brands', row)).toBe('Rep name → Dana Lee, Exclude from reporting → yes');
    expect(rowChanges('brands', { ...row, body: undefined })).toBe('Rep name, Exclude from reporting');
  });

  it('sums up a new record by its first filled columns besides the key', () => {
    const row: ImportRow = {
      row: 2,
      action: 'create',
      label: 'Acme',
      body: { name: 'Acme', skucode: 'ACM', brandRepName: 'Dana', brandRepPhone: '555', website: 'https://a.example' },
    };
    expect(rowChanges('brands', row)).toBe('SKU code: ACM, Rep name: Dana, Rep phone: 555, +1 more');
    expect(rowChanges('brands', { row: 4, action: 'create', label: 'Bare', body: { name: 'Bare' } })).toBe(
      'New record',
    );
    expect(rowChanges('brands', { row: 5, action: 'unchanged', label: 'Same', id: 'b2' })).toBe('');
  });

  it('joins a refused row’s reasons and keeps one lower-case haystack per row', () => {
    const row: ImportRow = {
      row: 7,
      action: 'refuse',
      label: '',
      issues: [
        { field: 'name', message: 'Brand name is required' },
        { field: 'website', message: 'Website must be a URL' },
      ],
    };
    expect(refusalText(row)).toBe('Brand name is required; Website must be a URL');
    const shown = toDryRunRow('brands', row);
    expect(shown).toMatchObject({ row: 7, action: 'refuse', refused: 'Brand name is required; Website must be a URL' });
    expect(shown.search).toContain('refused');
    expect(shown.search).toContain('brand name is required');
    expect(shown.search).toBe(shown.search.toLowerCase());
  });

  it('filters 10,000 rows by typed text quickly, case and outer spaces aside', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      toDryRunRow('brands', {
        row: i + 2,
        action: i % 10 === 0 ? 'refuse' : 'create',
        label: `Brand ${i}`,
        issues: i % 10 === 0 ? [{ field: 'name', message: 'Brand name is too long' }] : undefined,
        body: { name: `Brand ${i}`, skucode: `B${i}` },
      }),
    );
    const matches = rowMatcher();
    expect(rows.filter((r) => matches(r, ''))).toHaveLength(10_000);
    const started = performance.now();
    const found = rows.filter((r) => matches(r, '  TOO LONG '));
    const took = performance.now() - started;
    expect(found).toHaveLength(1000);
    expect(took).toBeLessThan(50);
    expect(rows.filter((r) => matches(r, 'brand 9999'))).toHaveLength(1);
  });
});

describe('the commit’s words', () => {
  it('asks what it creates and updates, and says what is left out', () => {
    expect(commitConfirmation(counts(2, 1, 3, 1))).toBe(
      'Create 2 and update 1 records? 1 refused and 3 unchanged rows are left out.',
    );
    expect(commitConfirmation(counts(1, 0, 0, 1))).toBe(
      'Create 1 and update 0 records? 1 refused and 0 unchanged rows are left out.',
    );
    expect(commitConfirmation(counts(1200, 0, 0, 0))).toBe('Create 1,200 and update 0 records?');
  });

  it('sums up what it wrote', () => {
    expect(resultText({ created: 2, updated: 0, failed: 0 })).toBe('Created 2 records, updated 0 records.');
    expect(resultText({ created: 1, updated: 1, failed: 1 })).toBe(
      'Created 1 record, updated 1 record; 1 row could not be written.',
    );
  });
});

describe('what may be imported, and which files', () => {
  it('offers each role its kinds and picks the address’s kind when allowed', () => {
    expect(importableKinds(['SALES'])).toEqual(['customers', 'customPrices']);
    expect(importableKinds(['PURCHASING'])).toEqual(['brands', 'productTypes', 'products']);
    expect(importableKinds(['ADMIN'])).toHaveLength(5);
    expect(importableKinds(['DRIVER'])).toEqual([]);
    expect(initialKind('customPrices', importableKinds(['SALES']))).toBe('customPrices');
    expect(initialKind('brands', importableKinds(['SALES']))).toBe('customers');
    expect(initialKind(null, [])).toBeUndefined();
  });

  it('refuses a file the API would, in its words', () => {
    expect(fileProblem({ name: 'brands.csv', size: 120 })).toBeUndefined();
    expect(fileProblem({ name: 'Brands.XLSX', size: 120 })).toBeUndefined();
    expect(fileProblem({ name: 'brands.xls', size: 120 })).toMatch(/old Excel file/);
    expect(fileProblem({ name: 'brands.pdf', size: 120 })).toBe('Upload the template as .xlsx or .csv');
    expect(fileProblem({ name: 'big.csv', size: 11 * 1024 * 1024 })).toMatch(/at most 10 MB; this file is 11 MB/);
    expect(fileProblem({ name: 'empty.csv', size: 0 })).toBeDefined();
  });

  it('names the template files', () => {
    expect(templateFileName('productTypes', 'xlsx')).toBe('Product_types_import_template.xlsx');
    expect(templateFileName('customers', 'csv')).toBe('Customers_import_template.csv');
  });
});

const job = (overrides: Partial<ImportJob> = {}): ImportJob => ({
  id: 'imp-1',
  kind: 'brands',
  fileName: 'brands.csv',
  status: 'PLANNED',
  createdAt: '2026-11-27T10:00:00.000Z',
  createdBy: 'Pat Purchasing',
  rowCount: 3,
  counts: counts(2, 0, 0, 1),
  progress: { done: 0, total: 2 },
  ...overrides,
});

const ROWS: ImportRow[] = [
  { row: 2, action: 'create', label: 'Alpha', body: { name: 'Alpha', skucode: 'ALP' } },
  { row: 3, action: 'create', label: 'Beta', body: { name: 'Beta' } },
  { row: 4, action: 'refuse', label: '', issues: [{ field: 'name', message: 'Brand name is required' }] },
];

describe('one import on the imports page', () => {
  it('shows the dry run read page by page, then commits it after confirming', async () => {
    const api = fakeApi()
      .on('GET', '/api/db/imports/getAll', { body: [job()] })
      .on('GET', '/api/db/imports/getById/imp-1', (call) => {
        if (call.query.get('limit') === '0') return { body: job() };
        // Two pages: the first ends where the cursor says the second starts.
        return call.query.get('cursor')
          ? { body: { ...job(), rows: ROWS.slice(2) } }
          : { body: { ...job(), rows: ROWS.slice(0, 2), nextCursor: 2 } };
      })
      .on('POST', '/api/db/imports/commit/imp-1', {
        body: job({
          status: 'DONE',
          progress: { done: 2, total: 2 },
          committed: { created: 2, updated: 0, failed: 0 },
        }),
      });
    renderApp('/imports/imp-1', makeSession({ roles: ['PURCHASING'] }));

    const table = await screen.findByRole('table', { name: 'Dry run' });
    await within(table).findByText('Brand name is required');
    expect(within(table).getByText('SKU code: ALP')).toBeInTheDocument();
    const pages = api.callsTo('GET', '/api/db/imports/getById/imp-1').filter((c) => c.query.get('limit') === '5000');
    expect(pages.map((c) => c.query.get('cursor'))).toEqual([null, '2']);

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Find rows' }), 'alpha');
    await waitFor(() => expect(within(table).queryByText('Brand name is required')).not.toBeInTheDocument());
    expect(within(table).getByText('Alpha')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Commit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Commit import' });
    await waitFor(() =>
      expect(dialog).toHaveTextContent('Create 2 and update 0 records? 1 refused and 0 unchanged rows are left out.'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Commit' }));
    await screen.findByText('Created 2 records, updated 0 records.', { exact: false });
    expect(api.callsTo('POST', '/api/db/imports/commit/imp-1')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Open Brands' })).toHaveAttribute('href', '/brands');
  });

  it('keeps Commit off when the dry run writes nothing', async () => {
    const none = job({ counts: counts(0, 0, 2, 1) });
    fakeApi()
      .on('GET', '/api/db/imports/getAll', { body: [none] })
      .on('GET', '/api/db/imports/getById/imp-1', { body: { ...none, rows: [] } });
    renderApp('/imports/imp-1', makeSession({ roles: ['PURCHASING'] }));
    await screen.findByRole('table', { name: 'Dry run' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Commit' })).toHaveAttribute('aria-disabled', 'true'),
    );
  });
});
