import type { Counters } from '@bo/shared';
import { defineEntity } from '../core';
import type { JOB_QUEUE } from '../job-queue';
import type { PurgeProgress } from './purge';

/**
 * The report figures (issue 25): counters kept from the table's stream, one item per month × dimension value,
 * per day and per month, so a report reads O(periods × rows shown) and never the orders.
 *
 * Figures belong to a generation (`gen`): a rebuild computes a new one beside the one being read, and the
 * state item says which is read. Each order's contribution to a generation is stored beside it, so applying an
 * order again adds only what changed since (an event applied twice counts once).
 */

/** The figures of one scope value in one month, per day (gran D, slot DD) or for the month (gran M, slot '-'). */
export type SalesCellItem = {
  gen: number;
  month: string;
  /** 'all' or the dimension this cell is the value of. */
  scope: string;
  gran: 'D' | 'M';
  /** The dimension's value ('*' for all): a brand id, a user id, a customer id, a type name, a customer type. */
  key: string;
  slot: string;
} & Record<string, number | string>;

/**
 * Access patterns:
 * - primary: pk gen + month + scope; sk gran, key, slot. A month's cells of every value of a dimension
 *   (begins gran) or of one value (begins gran + key): a report by month reads one Query per month.
 * - a generation's cells, all of them (the purge of an old generation, purge.ts): a Query per month × scope
 *   (CELL_SCOPES), month by month back until 24 months in a row held none, and the partitions of the receivables
 *   running total (months `all-00` … `all-15`, and `all` of figures from before it was split).
 * Written only by ADD updates of counters (upserts), never put; an old generation's get `expiresAt` (TTL).
 */
export const salesCellEntity = defineEntity<SalesCellItem>()({
  entity: 'salesCell',
  version: '1',
  primary: { pk: ['gen', 'month', 'scope'], sk: ['gran', 'key', 'slot'] },
});

/** What one order added to one generation's cells, as of the order's `version`. */
export interface SalesContributionItem {
  gen: number;
  orderId: string;
  /** The order's version these cells are of (-1: the order no longer exists). */
  orderVersion: number;
  /** Epoch seconds: set once its generation is no longer read (purge.ts), when DynamoDB's TTL deletes it. */
  expiresAt?: number;
  /** By cell id (`cellId` in shared), the counters the order added. */
  cells: Record<string, Counters>;
  /** A change recorded but not applied yet: `cells` becomes `next` once it is (order-chunks.ts, batches.ts). */
  pending?: OrderChunks | BatchLeader | BatchMember;
}

interface PendingChange {
  /** The order's version `next` is of. */
  orderVersion: number;
  next: Record<string, Counters>;
}

/**
 * An order whose change touches more cells than one transaction holds: the change in chunks, each applied once
 * (`applied` counts them) before `cells` becomes `next`.
 */
export interface OrderChunks extends PendingChange {
  chunks: Array<Record<string, Counters>>;
  applied: number;
}

/**
 * The first order of a batch (batches.ts): the batch's id, its other orders, the chunks the batch's summed change
 * makes (of how many cells, how many) and how many are applied. The last chunk's transaction settles it (`pending` removed).
 */
export interface BatchLeader extends PendingChange {
  batch: string;
  members: string[];
  /** Cells a chunk holds (its transaction's items but the leader's update). */
  chunkCells: number;
  chunkCount: number;
  applied: number;
}

/** Another order of a batch: settled once its leader no longer holds the batch (it is then `next`). */
export interface BatchMember extends PendingChange {
  batch: string;
  leader: string;
}

/**
 * Access patterns:
 * - primary: pk gen + orderId (Get / BatchGet by the orders of a stream batch; payments, returns and purchase
 *   orders under `pay#`, `ret#`, `po#` + id).
 * - a generation's contributions, all of them (the purge of an old generation, purge.ts): by the records they are
 *   of, each a Get by key: the orders, payments and returns of each month that has cells (their byMonth indexes),
 *   the purchase orders of every status (byStatus). Never a Scan: the key has no sort part to Query by generation.
 * An old generation's get `expiresAt` (TTL).
 */
export const salesContributionEntity = defineEntity<SalesContributionItem>()({
  entity: 'salesContribution',
  version: '1',
  primary: { pk: ['gen', 'orderId'], sk: [] },
});

/**
 * Which generation the reports read, and a rebuild under way. One item in the jobs partition: each write of a
 * rebuild's steps run from the rebuild job's queue (events/src/queued/report-rebuild.ts).
 */
export interface ReportStateItem {
  queue: typeof JOB_QUEUE;
  name: 'reports';
  /** The generation read (0: none built yet). */
  active: number;
  /** The brands the active generation leaves out (excluded from reporting when it was built). */
  excluded: string[];
  builtAt?: string;
  /** What the active generation's rebuild computed (FIGURES_KIND when it finished); absent: before receivables. */
  kinds?: number;
  building?: {
    gen: number;
    excluded: string[];
    startedAt: string;
    by?: string;
    /** The month being read (YYYY-MM), the page cursor in it, and months seen empty in a row. */
    month: string;
    cursor: string | null;
    emptyMonths: number;
    orders: number;
    /** Then the purchase orders: the index in SPENDING_STATUSES being read, and how many were recomputed. */
    purchaseStatus?: number;
    purchaseOrders?: number;
    /**
     * Then payments and returns (index in MONTHLY_SOURCES), month by month back from now as the orders, until
     * as many empty months in a row; `records` counts what was recomputed.
     */
    monthly?: { index: number; month: string; cursor: string | null; emptyMonths: number; records: number };
    /** Bumped by every step: each step's write is conditioned on the one it read. */
    step: number;
  };
  lastRebuild?: { orders: number; ms: number; finishedAt: string; by?: string };
  /** Generations no longer read whose items are being marked to expire, the oldest first (purge.ts). */
  purging?: PurgeProgress[];
  version: number;
}

/** Access pattern: primary — pk queue `jobs`, sk name (one Get). */
export const reportStateEntity = defineEntity<ReportStateItem>()({
  entity: 'reportState',
  version: '1',
  primary: { pk: ['queue'], sk: ['name'] },
});
