import { paymentReceivableCells, returnReceivableCells } from '@bo/shared';
import { batchGet, query } from '../core';
import { paymentEntity } from '../payments/entity';
import { returnEntity } from '../returns/entity';
import type { FigureSource } from './reconcile';

/**
 * Payments and returns as sources of figures (issue 25): what each moved receivables by, in its month and in
 * all (shared `paymentReceivableCells`, `returnReceivableCells`); the orders' invoiced amounts come with their
 * sales cells (reconcile.ts `targetCells`). Contributions are stored under `pay#` and `ret#` + id.
 */
export const PAYMENT_FIGURES: FigureSource = {
  prefix: 'pay#',
  async read(ids) {
    const items = await batchGet(
      paymentEntity,
      ids.map((paymentId) => ({ paymentId })),
      { consistent: true },
    );
    const byId = new Map(items.map((p) => [p.paymentId, p]));
    return ids.map((id) => {
      const p = byId.get(id);
      return p ? { version: p.version, cells: () => Object.fromEntries(paymentReceivableCells(p)) } : undefined;
    });
  },
};

/** Returns are written once (a credit note is never edited): version 1. */
export const RETURN_FIGURES: FigureSource = {
  prefix: 'ret#',
  async read(ids) {
    const items = await batchGet(
      returnEntity,
      ids.map((returnId) => ({ returnId })),
      { consistent: true },
    );
    const byId = new Map(items.map((r) => [r.returnId, r]));
    return ids.map((id) => {
      const r = byId.get(id);
      return r ? { version: 1, cells: () => Object.fromEntries(returnReceivableCells(r)) } : undefined;
    });
  },
};

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
