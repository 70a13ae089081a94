import { beforeAll, describe, expect, it } from 'vitest';
import { RECEIVABLES_TOTAL, receivablesReportQuery } from '@bo/shared';
import { put, update, type Actor } from '../src/data';
import {
  FIGURES_KIND,
  readReceivablesReport,
  readReportState,
  reportStateEntity,
  runRebuild,
  salesCellEntity,
  SHARDED_TOTAL_KIND,
  startRebuild,
} from '../src/data/reports';
import { useFreshTable } from './support/env';

/**
 * The receivables running total in shards (issue 29): a report adds up every shard it reads; figures built before
 * the split (the report state's `kinds` below SHARDED_TOTAL_KIND) also hold the total in one cell, read beside the
 * shards the stream has added to since, until the rebuild a start asks for replaces them.
 */

const admin: Actor = { userId: 'admin-1', roles: ['ADMIN'], isAdmin: true, name: 'Ada Admin' };
const month = new Date().toISOString().slice(0, 7);
let gen: number;

const addTo = (cellMonth: string, add: Record<string, number>) =>
  update(
    salesCellEntity,
    { gen, month: cellMonth, scope: 'receivables', gran: 'M', key: '*', slot: '-' },
    { add },
    { mustExist: false },
  );

const balanceNow = async () =>
  (await readReceivablesReport(receivablesReportQuery.parse({ from: month, to: month }))).months[0]!.balance;

beforeAll(async () => {
  await useFreshTable();
  await startRebuild(admin);
  await runRebuild(Date.now() + 60_000);
  gen = (await readReportState())!.active;
  // This month: $70 invoiced, $20 received; the shards hold this month's moves; the one cell of before the split
  // holds $500 invoiced and $100 received of earlier months.
  await addTo(month, { i: 7_000, p: 2_000 });
  await addTo('all-03', { i: 7_000 });
  await addTo('all-11', { p: 2_000 });
  await addTo(RECEIVABLES_TOTAL, { i: 50_000, p: 10_000 });
});

describe('the receivables running total', () => {
  it('is the sum of its shards in figures built after the split', async () => {
    expect(FIGURES_KIND).toBe(SHARDED_TOTAL_KIND);
    expect((await readReportState())!.kinds).toBe(FIGURES_KIND);
    // Owed at this month's end: 70 − 20; the cell of before the split is not read.
    expect(await balanceNow()).toBe(50);
  });

  it('adds the one cell of before the split while the figures are older than it', async () => {
    const state = (await readReportState())!;
    await put(reportStateEntity, { ...state, kinds: SHARDED_TOTAL_KIND - 1, version: state.version + 1 });
    // 500 + 70 − (100 + 20).
    expect(await balanceNow()).toBe(450);
  });
});
