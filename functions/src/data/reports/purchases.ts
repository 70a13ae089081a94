import { purchaseCells, type PurchaseFigureInput } from '@bo/shared';
import { readCollection, queryAll } from '../core';
import { mapLimit } from '../map-limit';
import { purchaseLinesEntity, purchaseOrderEntity } from '../purchases/entity';
import type { FigureSource, Generation } from './reconcile';

/**
 * Purchase orders as a source of figures (issue 25): spend and units by month and brand (shared
 * `purchaseCells`), their contributions stored under `po#` + id beside the sales orders'.
 */
export const PURCHASE_FIGURES: FigureSource = {
  prefix: 'po#',
  async read(ids) {
    const wholes = await mapLimit(ids, 8, (purchaseOrderId) =>
      readCollection(
        { header: purchaseOrderEntity, lines: purchaseLinesEntity },
        { purchaseOrderId },
        { consistent: true },
      ),
    );
    return wholes.map((whole) => {
      const header = whole.header[0];
      if (!header) return undefined;
      const input: PurchaseFigureInput = {
        ...header,
        lines: whole.lines.sort((a, b) => a.group - b.group).flatMap((g) => g.lines),
      };
      return {
        version: header.version,
        cells: (g: Generation) => Object.fromEntries(purchaseCells(input, g.excluded)),
      };
    });
  },
};

/** The purchase orders a rebuild recomputes: those of each status that spends (one Query per status, all pages). */
export const SPENDING_STATUSES = ['PENDING', 'ORDERED', 'RECEIVED', 'COMPLETED'] as const;

export async function purchaseOrderIdsOf(status: (typeof SPENDING_STATUSES)[number]): Promise<string[]> {
  const items = await queryAll(
    purchaseOrderEntity,
    'byStatus',
    { orderStatus: status },
    { attributes: ['purchaseOrderId'] },
  );
  return items.map((i) => i.purchaseOrderId);
}
