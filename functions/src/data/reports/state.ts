import type { ReportStatus } from '@bo/shared';
import { eq, get, isConditionFailed, itemAbsent, put, query } from '../core';
import { getBrandItems, listBrandItems } from '../brands';
import { JOB_QUEUE } from '../job-queue';
import { enqueueJob } from '../queues/jobs';
import { orderEntity } from '../orders/entity';
import type { Actor } from '../../domain';
import { type ReportStateItem, reportStateEntity } from './entity';
import { type Generation, reconcile, reconcileOrders } from './reconcile';
import { PURCHASE_FIGURES, SPENDING_STATUSES } from './purchases';
import { purchaseOrderEntity } from '../purchases/entity';
import { MONTHLY_SOURCES } from './receivables';
import { walkOn, walkedBack } from './month-walk';
import { newPurge, purgeStep } from './purge';

const KEY = { queue: JOB_QUEUE, name: 'reports' } as const;
/** Orders read per page of a rebuild (each page is one progress write). */
export const REBUILD_PAGE = 100;
export { EMPTY_MONTHS_TO_STOP } from './month-walk';
/**
 * What a rebuild computes, counted up when a kind of figure is added or stored another way (2: the receivables
 * cells of orders, payments and returns; 3: the receivables' running total split into shards): figures built
 * before hold none of the new kind for older records, and a start rebuilds them (`ensureReportFigures`).
 */
export const FIGURES_KIND = 3;
/** The first kind whose receivables running total is in shards (before: one cell, month RECEIVABLES_TOTAL). */
export const SHARDED_TOTAL_KIND = 3;

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

/** The rebuild job's id in its queue (there is one rebuild, the report state's). */
export const REBUILD_JOB_ID = 'reports';

/**
 * Starts a rebuild: a new generation, leaving out the brands excluded now, and its first step sent to the rebuild
 * job's queue. A rebuild already under way is left as it is, and sent a step again: a step finding another run
 * ahead of it stops, so that only ever resumes a rebuild whose step was lost.
 */
export async function startRebuild(actor: Actor | undefined, now = new Date()): Promise<ReportStateItem> {
  const state = await readReportState();
  if (state?.building) {
    await enqueueJob('report-rebuild', REBUILD_JOB_ID);
    return state;
  }
  const next: ReportStateItem = {
    ...KEY,
    active: state?.active ?? 0,
    excluded: state?.excluded ?? [],
    ...(state?.builtAt ? { builtAt: state.builtAt } : {}),
    ...(state?.lastRebuild ? { lastRebuild: state.lastRebuild } : {}),
    ...(state?.kinds ? { kinds: state.kinds } : {}),
    ...(state?.purging?.length ? { purging: state.purging } : {}),
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
  await enqueueJob('report-rebuild', REBUILD_JOB_ID);
  return (await readReportState())!;
}

/**
 * One run of the rebuild job: pages of orders month by month, newest month first, each page's orders recomputed into
 * the new generation and the progress written conditioned on the step read (two runs never do one page twice:
 * the second's write fails and it stops). When enough months in a row were empty, the new generation becomes the
 * one read, and the one it replaces is purged: its items marked to expire, a page per step (purge.ts), once
 * PURGE_SETTLE has passed (a purge not due yet sends itself a step for then and answers 'done').
 */
export async function runRebuild(deadline: number): Promise<'done' | 'continue'> {
  for (;;) {
    const state = await readReportState();
    if (!state) return 'done';
    const b = state.building;
    if (b) {
      const step = nextStep(b);
      if (!step) {
        await finish(state);
        continue;
      }
      if (Date.now() > deadline) return 'continue';
      const building = { ...(await step(b, [{ gen: b.gen, excluded: new Set(b.excluded) }])), step: b.step + 1 };
      if (!(await moveOn(state, { ...state, building }))) return 'done'; // another run is ahead: it goes on
      continue;
    }
    const [purge, ...after] = state.purging ?? [];
    if (!purge) return 'done';
    const wait = Date.parse(purge.from) - Date.now();
    if (wait > 0) {
      // SQS delays a message at most 15 minutes; a step sent early finds it not due yet and waits again.
      await enqueueJob('report-rebuild', REBUILD_JOB_ID, { delaySeconds: Math.min(900, Math.ceil(wait / 1000)) });
      return 'done';
    }
    if (Date.now() > deadline) return 'continue';
    const next = await purgeStep(purge);
    const purging = next ? [next, ...after] : after;
    const { purging: _before, ...rest } = state;
    if (!(await moveOn(state, { ...rest, ...(purging.length ? { purging } : {}) }))) return 'done';
  }
}

/** Writes the state a step moved on to, conditioned on the one it read; false when another run was first. */
const moveOn = (read: ReportStateItem, next: ReportStateItem): Promise<boolean> =>
  put(reportStateEntity, { ...next, version: read.version + 1 }, { condition: eq('version', read.version) }).then(
    () => true,
    (error: unknown) => (isConditionFailed(error) ? false : Promise.reject(error)),
  );

type Building = NonNullable<ReportStateItem['building']>;
type Step = (b: Building, gens: Generation[]) => Promise<Building>;

/** The rebuild's next page: orders, then purchase orders by status, then payments and returns; none when done. */
function nextStep(b: Building): Step | undefined {
  if (!walkedBack(b)) return ordersStep;
  if (SPENDING_STATUSES[b.purchaseStatus ?? 0]) return purchasesStep;
  const monthly = b.monthly ?? { index: 0, month: b.startedAt.slice(0, 7), cursor: null, emptyMonths: 0, records: 0 };
  if (!MONTHLY_SOURCES[monthly.index]) return undefined;
  return (built, gens) => monthlyStep({ ...built, monthly }, gens);
}

const ordersStep: Step = async (b, gens) => {
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
  return { ...walkOn(b, page.items.length, page.cursor), orders: b.orders + page.items.length };
};

const purchasesStep: Step = async (b, gens) => {
  const page = await query(
    purchaseOrderEntity,
    'byStatus',
    { orderStatus: SPENDING_STATUSES[b.purchaseStatus ?? 0]! },
    { limit: REBUILD_PAGE, cursor: b.cursor, attributes: ['purchaseOrderId'] },
  );
  if (page.items.length)
    await reconcile(
      PURCHASE_FIGURES,
      page.items.map((o) => o.purchaseOrderId),
      gens,
    );
  return {
    ...b,
    purchaseOrders: (b.purchaseOrders ?? 0) + page.items.length,
    ...(page.cursor === null ? { purchaseStatus: (b.purchaseStatus ?? 0) + 1, cursor: null } : { cursor: page.cursor }),
  };
};

const monthlyStep: Step = async (b, gens) => {
  const w = b.monthly!;
  const { source, page: read } = MONTHLY_SOURCES[w.index]!;
  const page = await read(w.month, w.cursor, REBUILD_PAGE);
  if (page.ids.length) await reconcile(source, page.ids, gens);
  const next = { ...walkOn(w, page.ids.length, page.cursor), records: w.records + page.ids.length };
  return {
    ...b,
    monthly: walkedBack(next)
      ? { index: w.index + 1, month: b.startedAt.slice(0, 7), cursor: null, emptyMonths: 0, records: next.records }
      : next,
  };
};

async function finish(state: ReportStateItem): Promise<void> {
  const b = state.building!;
  const finishedAt = new Date();
  const { building: _done, ...rest } = state;
  const purging = [...(state.purging ?? []), ...(state.active > 0 ? [newPurge(state.active, finishedAt)] : [])];
  await put(
    reportStateEntity,
    {
      ...rest,
      ...(purging.length ? { purging } : {}),
      active: b.gen,
      excluded: b.excluded,
      kinds: FIGURES_KIND,
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

/**
 * After a brand's "Exclude from reporting" was set or cleared: a rebuild is started when the brands excluded
 * now differ from those the figures leave out (none when figures were never built, or one is running: its
 * status then still says the exclusion changed, and ADMIN's "Rebuild figures" applies it after).
 */
export async function applyExclusionChange(actor: Actor | undefined): Promise<boolean> {
  const state = await readReportState();
  if (!state || state.building) return false;
  if (sameSet(await excludedBrandIds(), state.excluded)) return false;
  await startRebuild(actor);
  return true;
}

/**
 * Figures for a table that has none yet (a first start, data kept from before issue 25), or whose figures were
 * built before a kind of figure was added (FIGURES_KIND): a rebuild is started.
 */
export async function ensureReportFigures(actor: Actor | undefined): Promise<boolean> {
  const state = await readReportState();
  if (state && (state.building || (state.kinds ?? 1) >= FIGURES_KIND)) return false;
  await startRebuild(actor);
  return true;
}
