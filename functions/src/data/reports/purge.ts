import {
  CELL_SCOPES,
  PURCHASE_ORDER_STATUSES,
  RECEIVABLES_TOTAL,
  RECEIVABLES_TOTAL_MONTHS,
  addMonths,
} from '@bo/shared';
import { isConditionFailed, itemExists, query, queryRaw, updateRaw, type RawItem } from '../core';
import { mapLimit } from '../map-limit';
import { orderEntity } from '../orders/entity';
import { purchaseOrderEntity } from '../purchases/entity';
import { salesCellEntity, salesContributionEntity } from './entity';
import { monthBefore, walkedBack } from './month-walk';
import { PURCHASE_FIGURES } from './purchases';
import { MONTHLY_SOURCES } from './receivables';

/**
 * Old generations expire: once a rebuild has switched the generation reports read, every item of the one before
 * (its cells and its contributions) gets `expiresAt` (the table's TTL attribute), a day ahead, and DynamoDB's TTL
 * deletes it then, at no write cost. A report that read the state just before the switch still finds its cells.
 *
 * The marking is steps of the rebuild job (state.ts `runRebuild`): a page of keys per step, its progress in the
 * report state (`purging`), each step's progress write conditioned on the state it read, so a step run twice or
 * cut short is taken up where the state says, and marking an item again sets the same value. It starts
 * PURGE_SETTLE after the switch: a stream batch whose consumer read the state before the switch may still be
 * writing the old generation until its Lambda's timeout, and an item it created after the walk passed would never
 * expire.
 *
 * What is walked is only what Query and Get reach (no Scan): the old generation's cells, month by month back from
 * the switch (one partition per month × scope, `CELL_SCOPES`) until EMPTY_MONTHS_TO_STOP months in a row held no
 * cell, and the partitions of the receivables running total; its contributions by the records they are of: the
 * orders, payments and returns of each month that had cells (their byMonth indexes), then the purchase orders of
 * every status. A contribution of a record that is not there (never written for a draft) is left alone.
 *
 * DynamoDB Local keeps expired items (it stores the attribute and deletes nothing): locally an old generation stays
 * in the table, marked; the tests check the marks.
 */

/** How long after the switch the old generation's items live on (reports in flight read them). */
export const PURGE_GRACE_SECONDS = 86_400;
/**
 * How long after the switch the purge starts: twice the stream dispatcher's timeout (5 minutes). The environment's
 * REPORT_PURGE_SETTLE_SECONDS replaces it (tests, benchmarks).
 */
export const PURGE_SETTLE_SECONDS = 600;
/** Keys read per step (each step is one Query page and its updates, then one progress write). */
export const PURGE_PAGE = 100;
/** Updates in flight at once. */
const MARK_CONCURRENCY = 10;

/** Where the purge of one old generation is. */
export interface PurgeProgress {
  gen: number;
  /** Not before this instant (ISO): the switch + PURGE_SETTLE_SECONDS. */
  from: string;
  /** What every item gets (epoch seconds): the switch + PURGE_GRACE_SECONDS. */
  expiresAt: number;
  /**
   * `months`: the cells of each scope of `month` (`part` indexes CELL_SCOPES), then the contributions of its
   * records (`part` past them indexes MONTH_RECORDS); `purchaseOrders`: contributions of the purchase orders of
   * each status (`part` indexes PURCHASE_ORDER_STATUSES); `totals`: the running total's partitions.
   */
  walk: 'months' | 'purchaseOrders' | 'totals';
  month: string;
  part: number;
  cursor: string | null;
  /** Whether the month being walked had a cell so far; months with none in a row. */
  found: boolean;
  emptyMonths: number;
  /** Items marked so far. */
  marked: number;
}

const settleSeconds = () => {
  const value = Number(process.env.REPORT_PURGE_SETTLE_SECONDS);
  return Number.isFinite(value) && value >= 0 && process.env.REPORT_PURGE_SETTLE_SECONDS !== ''
    ? value
    : PURGE_SETTLE_SECONDS;
};

/**
 * The purge of a generation switched away from at `switchedAt`, walking back from the month after the switch's (a
 * payment may be dated a few days ahead).
 */
export function newPurge(gen: number, switchedAt: Date): PurgeProgress {
  return {
    gen,
    from: new Date(switchedAt.getTime() + settleSeconds() * 1000).toISOString(),
    expiresAt: Math.floor(switchedAt.getTime() / 1000) + PURGE_GRACE_SECONDS,
    walk: 'months',
    month: addMonths(`${switchedAt.toISOString().slice(0, 7)}-01`, 1).slice(0, 7),
    part: 0,
    cursor: null,
    found: false,
    emptyMonths: 0,
    marked: 0,
  };
}

type Page = { ids: string[]; cursor: string | null };

/** The records whose contributions a month holds: orders, payments and returns by their byMonth index. */
const MONTH_RECORDS: ReadonlyArray<{ prefix: string; page: (month: string, cursor: string | null) => Promise<Page> }> =
  [
    {
      prefix: '',
      page: async (month, cursor) => {
        const page = await query(
          orderEntity,
          'byMonth',
          { createdMonth: month },
          { limit: PURGE_PAGE, cursor, attributes: ['orderId'] },
        );
        return { ids: page.items.map((o) => o.orderId), cursor: page.cursor };
      },
    },
    ...MONTHLY_SOURCES.map((s) => ({
      prefix: s.source.prefix,
      page: (month: string, cursor: string | null) => s.page(month, cursor, PURGE_PAGE),
    })),
  ];

/** The partitions of the receivables running total: its shards, and the one cell of figures from before them. */
const TOTALS = [...RECEIVABLES_TOTAL_MONTHS, RECEIVABLES_TOTAL];

/** Sets `expiresAt` on items that exist (a key whose item is gone is skipped); how many it marked. */
async function mark(keys: readonly RawItem[], expiresAt: number): Promise<number> {
  const done = await mapLimit(keys, MARK_CONCURRENCY, (key) =>
    updateRaw(key, { set: { expiresAt } }, { condition: itemExists }).then(
      () => 1,
      (error: unknown) => (isConditionFailed(error) ? 0 : Promise.reject(error)),
    ),
  );
  return done.reduce((a, b) => a + b, 0);
}

/** One page of a generation's cells in one month × scope partition, marked; how many, and the cursor. */
async function markCells(p: PurgeProgress, month: string, scope: string) {
  const { items, cursor } = await queryRaw(salesCellEntity.keyCondition('primary', { gen: p.gen, month, scope }), {
    limit: PURGE_PAGE,
    cursor: p.cursor,
    attributes: ['pk'],
  });
  const keys = items.map((i) => ({ pk: i.pk, sk: i.sk }));
  return { found: keys.length, marked: await mark(keys, p.expiresAt), cursor };
}

/** The contributions of one page of records, marked. */
const markContributions = (p: PurgeProgress, prefix: string, ids: readonly string[]) =>
  mark(
    ids.map((id) => salesContributionEntity.key({ gen: p.gen, orderId: prefix + id })),
    p.expiresAt,
  );

/**
 * One step of a purge: a page of keys marked, and where it goes next; undefined when the generation is all marked.
 */
export async function purgeStep(p: PurgeProgress): Promise<PurgeProgress | undefined> {
  if (p.walk === 'months') {
    if (walkedBack(p)) return { ...p, walk: 'purchaseOrders', part: 0, cursor: null };
    if (p.part < CELL_SCOPES.length) {
      const page = await markCells(p, p.month, CELL_SCOPES[p.part]!);
      const next = { ...p, found: p.found || page.found > 0, marked: p.marked + page.marked };
      return page.cursor ? { ...next, cursor: page.cursor } : nextPart(next);
    }
    const source = MONTH_RECORDS[p.part - CELL_SCOPES.length]!;
    const page = await source.page(p.month, p.cursor);
    const marked = p.marked + (await markContributions(p, source.prefix, page.ids));
    return page.cursor ? { ...p, cursor: page.cursor, marked } : nextPart({ ...p, marked });
  }
  if (p.walk === 'purchaseOrders') {
    const status = PURCHASE_ORDER_STATUSES[p.part];
    if (!status) return { ...p, walk: 'totals', part: 0, cursor: null };
    const page = await query(
      purchaseOrderEntity,
      'byStatus',
      { orderStatus: status },
      { limit: PURGE_PAGE, cursor: p.cursor, attributes: ['purchaseOrderId'] },
    );
    const marked =
      p.marked +
      (await markContributions(
        p,
        PURCHASE_FIGURES.prefix,
        page.items.map((o) => o.purchaseOrderId),
      ));
    return page.cursor ? { ...p, cursor: page.cursor, marked } : { ...p, part: p.part + 1, cursor: null, marked };
  }
  const total = TOTALS[p.part];
  if (total === undefined) return undefined;
  const page = await markCells(p, total, 'receivables');
  const marked = p.marked + page.marked;
  return page.cursor ? { ...p, cursor: page.cursor, marked } : { ...p, part: p.part + 1, cursor: null, marked };
}

/**
 * The next part of the month, or the month before once its last part is done. A month without a cell has no
 * contribution either (a record's first contribution adds to its month's cells): its records are not read.
 */
function nextPart(p: PurgeProgress): PurgeProgress {
  const part = p.part + 1;
  const parts = p.found ? CELL_SCOPES.length + MONTH_RECORDS.length : CELL_SCOPES.length;
  if (part < parts) return { ...p, part, cursor: null };
  return {
    ...p,
    month: monthBefore(p.month),
    part: 0,
    cursor: null,
    found: false,
    emptyMonths: p.found ? 0 : p.emptyMonths + 1,
  };
}
