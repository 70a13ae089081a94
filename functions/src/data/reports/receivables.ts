import { paymentReceivableCells, returnReceivableCells, type Counters } from '@bo/shared';
import { batchGet, query } from '../core';
import { paymentEntity } from '../payments/entity';
import { returnEntity } from '../returns/entity';
import type { FigureSource } from './reconcile';

/**
 * Payments and returns as sources of figures (issue 25): what each moved receivables by, in its month and in
 * all (shared `paymentReceivableCells`, `returnReceivableCells`); the orders' invoiced amounts come with their
 * sales cells (reconcile.ts `targetCells`). Contributions are stored under `pay#` and `ret#` + id.
 */

/** A source of records read by id (a Map of those found), each adding `snapshot`'s cells as of its version. */
function sourceOf<T>(
  prefix: string,
  readById: (ids: readonly string[]) => Promise<Map<string, T>>,
  snapshot: (item: T) => { version: number; cells: Map<string, Counters> },
): FigureSource {
  return {
    prefix,
    async read(ids) {
      const found = await readById(ids);
      return ids.map((id) => {
        const item = found.get(id);
        if (item === undefined) return undefined;
        const { version, cells } = snapshot(item);
        return { version, cells: () => Object.fromEntries(cells) };
      });
    },
  };
}

export const PAYMENT_FIGURES = sourceOf(
  'pay#',
  async (ids) =>
    new Map(
      (
        await batchGet(
          paymentEntity,
          ids.map((paymentId) => ({ paymentId })),
          { consistent: true },
        )
      ).map((p) => [p.paymentId, p]),
    ),
  (p) => ({ version: p.version, cells: paymentReceivableCells(p) }),
);

/** Returns are written once (a credit note is never edited): version 1. */
export const RETURN_FIGURES = sourceOf(
  'ret#',
  async (ids) =>
    new Map(
      (
        await batchGet(
          returnEntity,
          ids.map((returnId) => ({ returnId })),
          { consistent: true },
        )
      ).map((r) => [r.returnId, r]),
    ),
  (r) => ({ version: 1, cells: returnReceivableCells(r) }),
);

/** The sources a rebuild reads month by month after the orders, each through its byMonth index. */
export const MONTHLY_SOURCES = [
  {
    name: 'payments',
    source: PAYMENT_FIGURES,
    page: async (month: string, cursor: string | null, limit: number) => {
      const page = await query(
        paymentEntity,
        'byMonth',
        { paymentMonth: month },
        { limit, cursor, attributes: ['paymentId'] },
      );
      return { ids: page.items.map((p) => p.paymentId), cursor: page.cursor };
    },
  },
  {
    name: 'returns',
    source: RETURN_FIGURES,
    page: async (month: string, cursor: string | null, limit: number) => {
      const page = await query(
        returnEntity,
        'byMonth',
        { createdMonth: month },
        { limit, cursor, attributes: ['returnId'] },
      );
      return { ids: page.items.map((r) => r.returnId), cursor: page.cursor };
    },
  },
] as const;
