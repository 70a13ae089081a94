import { addMonths, type ReportStatus } from '@bo/shared';
import { eq, get, isConditionFailed, itemAbsent, put, query } from '../core';
import { getBrandItems, listBrandItems } from '../brands';
import { JOB_QUEUE } from '../job-queue';
import { orderEntity } from '../orders/entity';
import type { Actor } from '../../domain';
import { type ReportStateItem, reportStateEntity } from './entity';
import { type Generation, reconcile, reconcileOrders } from './reconcile';
import { PURCHASE_FIGURES, SPENDING_STATUSES } from './purchases';
import { purchaseOrderEntity } from '../purchases/entity';

const KEY = { queue: JOB_QUEUE, name: 'reports' } as const;
/** Orders read per page of a rebuild (each page is one progress write). */
export const REBUILD_PAGE = 100;
/** A rebuild goes back month by month from now until this many months in a row had no order (or 2000). */
export const EMPTY_MONTHS_TO_STOP = 24;
const FIRST_MONTH = '2000-01';

export const readReportState = (): Promise<ReportStateItem | undefined> =>
  get(reportStateEntity, KEY, { consistent: true });

/** The generations the stream keeps up to date: the one read, and the one a rebuild is building. */
export function liveGenerations(state: ReportStateItem | undefined): Generation[] {
  if (!state) return [];
  const gens: Generation[] = [];
  if (state.active > 0) gens.push({ gen: state.active, excluded: new Set(state.excluded) });
  if (state.building) gens.push({ gen: state.building.gen, excluded: new Set(state.building.excluded) });
  return gens;
}

/** The brands excluded from reporting now. */
export const excludedBrandIds = async (): Promise<string[]> =>
  (await listBrandItems())
    .filter((b) => b.excludeFromReporting)
    .map((b) => b.brandId)
    .sort();

/** How long a report reuses the excluded brands it read (a Lambda serves many reports; the flag rarely moves). */
const EXCLUDED_TTL_MS = 30_000;
let excludedCache: { at: number; ids: Promise<string[]> } | undefined;

/** The brands excluded now, read at most every 30 seconds per container (what a report compares its build with). */
export function recentExcludedBrandIds(now = Date.now()): Promise<string[]> {
  if (!excludedCache || now - excludedCache.at > EXCLUDED_TTL_MS) {
    const ids = excludedBrandIds();
    excludedCache = { at: now, ids };
    ids.catch(() => (excludedCache = undefined));
  }
  return excludedCache.ids;
}

/** Whether the brands excluded now differ from the ones the figures read leave out. */
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);

/** What the status route and every report say about the figures. */
export async function reportStatus(state: ReportStateItem | undefined, excludedNow?: string[]): Promise<ReportStatus> {
  const now = excludedNow ?? (await excludedBrandIds());
  const excluded = state?.excluded ?? [];
  const brands = excluded.length ? await getBrandItems(excluded) : [];
  return {
    ...(state?.builtAt ? { builtAt: state.builtAt } : {}),
    ...(state?.building
      ? {
          rebuilding: {
            orders: state.building.orders,
            month: state.building.month,
            startedAt: state.building.startedAt,
          },
        }
      : {}),
    excludedBrands: brands.map((b) => ({ id: b.brandId, name: b.name })).sort((a, b) => a.name.localeCompare(b.name)),
    exclusionChanged: !!state && state.active > 0 && !sameSet(now, excluded),
    ...(state?.lastRebuild ? { lastRebuild: state.lastRebuild } : {}),
  };
}

const versionIs = (state: ReportStateItem | undefined) => (state ? eq('version', state.version) : itemAbsent);

/**
 * Starts a rebuild (its state write wakes the job): a new generation, leaving out the brands excluded now. A
 * rebuild already under way is left as it is.
 */
export async function startRebuild(actor: Actor | undefined, now = new Date()): Promise<ReportStateItem> {
  const state = await readReportState();
  if (state?.building) return state;
  const next: ReportStateItem = {
    ...KEY,
    active: state?.active ?? 0,
    excluded: state?.excluded ?? [],
    ...(state?.builtAt ? { builtAt: state.builtAt } : {}),
    ...(state?.lastRebuild ? { lastRebuild: state.lastRebuild } : {}),
    building: {
      // A time stamp: never the number of an earlier generation whose cells are still stored.
      gen: Math.max(now.getTime(), (state?.active ?? 0) + 1),
      excluded: await excludedBrandIds(),
      startedAt: now.toISOString(),
      ...(actor?.name ? { by: actor.name } : {}),
      month: now.toISOString().slice(0, 7),
      cursor: null,
      emptyMonths: 0,
      orders: 0,
      step: 0,
    },
    version: (state?.version ?? 0) + 1,
  };
  await put(reportStateEntity, next, { condition: versionIs(state) }).catch(async (error: unknown) => {
    const again = await readReportState();
    if (!again?.building) throw error;
  });
  return (await readReportState())!;
}

/**
 * One run of a rebuild: pages of orders month by month, newest month first, each page's orders recomputed into
 * the new generation and the progress written conditioned on the step read (two runs never do one page twice:
 * the second's write fails and it stops). When enough months in a row were empty, the new generation becomes the
 * one read.
 */
export async function runRebuild(deadline: number): Promise<void> {
  for (;;) {
    const state = await readReportState();
    const b = state?.building;
    if (!state || !b) return;
    const ordersDone = b.emptyMonths >= EMPTY_MONTHS_TO_STOP || b.month < FIRST_MONTH;
    const purchaseStatus = SPENDING_STATUSES[b.purchaseStatus ?? 0];
    if (ordersDone && !purchaseStatus) return finish(state);
    if (Date.now() > deadline) return;
    const gens = [{ gen: b.gen, excluded: new Set(b.excluded) }];
    let building: NonNullable<ReportStateItem['building']>;
    if (!ordersDone) {
      const page = await query(
        orderEntity,
        'byMonth',
        { createdMonth: b.month },
        { limit: REBUILD_PAGE, cursor: b.cursor, attributes: ['orderId'] },
      );
      if (page.items.length)
        await reconcileOrders(
          page.items.map((o) => o.orderId),
          gens,
        );
      const monthDone = page.cursor === null;
      const emptyMonth = monthDone && b.cursor === null && page.items.length === 0;
      building = {
        ...b,
        orders: b.orders + page.items.length,
        ...(monthDone
          ? {
              month: addMonths(`${b.month}-01`, -1).slice(0, 7),
              cursor: null,
              emptyMonths: emptyMonth ? b.emptyMonths + 1 : 0,
            }
          : { cursor: page.cursor }),
      };
    } else {
      // Then the purchase orders that spend, status by status, a page at a time.
      const page = await query(
        purchaseOrderEntity,
        'byStatus',
        { orderStatus: purchaseStatus! },
        { limit: REBUILD_PAGE, cursor: b.cursor, attributes: ['purchaseOrderId'] },
      );
      if (page.items.length)
        await reconcile(
          PURCHASE_FIGURES,
          page.items.map((o) => o.purchaseOrderId),
          gens,
        );
      building = {
        ...b,
        purchaseOrders: (b.purchaseOrders ?? 0) + page.items.length,
        ...(page.cursor === null
          ? { purchaseStatus: (b.purchaseStatus ?? 0) + 1, cursor: null }
          : { cursor: page.cursor }),
      };
    }
    building.step = b.step + 1;
    const moved = await put(
      reportStateEntity,
      { ...state, building, version: state.version + 1 },
      { condition: eq('version', state.version) },
    ).then(
      () => true,
      (error: unknown) => (isConditionFailed(error) ? false : Promise.reject(error)),
    );
    if (!moved) return;
  }
}

async function finish(state: ReportStateItem): Promise<void> {
  const b = state.building!;
  const finishedAt = new Date();
  const { building: _done, ...rest } = state;
  await put(
    reportStateEntity,
    {
      ...rest,
      active: b.gen,
      excluded: b.excluded,
      builtAt: finishedAt.toISOString(),
      lastRebuild: {
        orders: b.orders,
        ms: finishedAt.getTime() - Date.parse(b.startedAt),
        finishedAt: finishedAt.toISOString(),
        ...(b.by ? { by: b.by } : {}),
      },
      version: state.version + 1,
    },
    { condition: eq('version', state.version) },
  ).catch((error: unknown) => {
    if (!isConditionFailed(error)) throw error;
  });
}

/** Figures for a table that has none yet (a first start, data kept from before issue 25): a rebuild is started. */
export async function ensureReportFigures(actor: Actor | undefined): Promise<boolean> {
  if (await readReportState()) return false;
  await startRebuild(actor);
  return true;
}
