import { describe, expect, it } from 'vitest';
import { stockEffects, type StockLine } from '@bo/shared';
import { updateRawInput } from '../src/data/core';
import {
  CAUSE_ATTRIBUTE,
  LEDGER_BUCKETS,
  bucketOf,
  orderCause,
  type StoredCause,
  ledgerChangesOf,
  ledgerName,
  ledgerUpdates,
  stockViewOf,
  type LedgerUpdate,
} from '../src/data/stock-ledger';
import { ledgerChangesOfReturn } from '../src/data/returns/writes';
import { movementEntry } from '../src/data/stock-movements/entries';
import { movementsOf } from '../src/data/stock-movements/from-stream';

/** The UpdateItem input the core makes of a bucket's update. */
const rendered = (u: LedgerUpdate) => updateRawInput(u.key, u.changes, { condition: u.condition });

const line = (sku: string, quantity: number, batch: string | null = null, tagsPulled = false): StockLine => ({
  productSku: sku,
  quantity,
  productBatchId: batch,
  tagsPulled,
});

describe('stock ledger updates', () => {
  it('an order of 500 products and 500 batches touches at most 64 ledger items', () => {
    const lines = Array.from({ length: 500 }, (_, i) => [
      line(`SKU-${i}`, 2, `batch-${i}`),
      line(`SKU-${i}`, 1),
    ]).flat();
    const effects = stockEffects(null, 'RECEIVED', lines);
    const updates = ledgerUpdates(ledgerChangesOf(effects, (sku) => `product-${sku}`));
    expect(updates.length).toBeLessThanOrEqual(LEDGER_BUCKETS);
    expect(new Set(updates.map((u) => u.key.sk)).size).toBe(updates.length);
    for (const u of updates) expect(rendered(u).UpdateExpression.length).toBeLessThan(4096);
    for (const u of updates) expect(rendered(u).ConditionExpression!.length).toBeLessThan(4096);
    // Every batch that loses free units is guarded by a condition, for exactly the units it takes.
    expect(updates.flatMap((u) => u.guarded)).toHaveLength(500);
    expect(updates.flatMap((u) => u.guarded).every((g) => g.need === 2)).toBe(true);
  });

  it('reserving adds pending and takes free units under a condition; cancelling gives them back unconditionally', () => {
    const lines = [line('A', 3, 'b1'), line('A', 2)];
    const reserve = ledgerUpdates(ledgerChangesOf(stockEffects(null, 'RECEIVED', lines), () => 'pA'));
    expect(reserve).toHaveLength(1);
    const u = rendered(reserve[0]!);
    const names = u.ExpressionAttributeNames!;
    const valueOf = (attribute: string) => {
      const key = Object.entries(names).find(([, v]) => v === attribute)![0];
      const match = new RegExp(`${key} (:v\\d+)`).exec(u.UpdateExpression.split('ADD ')[1]!);
      return u.ExpressionAttributeValues![match![1]!];
    };
    expect(valueOf(ledgerName('p', 'pA'))).toBe(5);
    expect(valueOf(ledgerName('f', 'b1'))).toBe(-3);
    const free = Object.entries(names).find(([, v]) => v === ledgerName('f', 'b1'))![0];
    const need = new RegExp(`${free} >= (:v\\d+)`).exec(u.ConditionExpression!)![1]!;
    expect(u.ExpressionAttributeValues![need]).toBe(3);
    expect(reserve[0]!.guarded).toEqual([{ productId: 'pA', batchId: 'b1', need: 3 }]);

    const cancel = ledgerUpdates(ledgerChangesOf(stockEffects('RECEIVED', 'CANCELLED', lines), () => 'pA'));
    expect(rendered(cancel[0]!).ConditionExpression).toBeUndefined();
    expect(cancel[0]!.guarded).toEqual([]);
  });

  it('delivering consumes stock and the batch units without a new condition (they were reserved)', () => {
    const effects = stockEffects('PACKED', 'DELIVERED', [line('A', 4, 'b1')]);
    const [update] = ledgerUpdates(ledgerChangesOf(effects, () => 'pA'));
    // remaining −4 and reserved −4: free does not move, so nothing to guard.
    expect(update!.guarded).toEqual([]);
    expect(Object.values(rendered(update!).ExpressionAttributeNames!).sort()).toEqual(
      [ledgerName('p', 'pA'), ledgerName('r', 'b1'), ledgerName('s', 'pA')].sort(),
    );
    // Names are short whatever the id: a letter and 11 characters.
    expect(ledgerName('s', 'a6a4b7f0-9c1e-4d7a-8a53-0d7f2c9e1b44')).toMatch(/^s[A-Za-z0-9_-]{11}$/);
  });

  it('a stock view reads missing counters as 0 and buckets are stable', () => {
    const view = stockViewOf([
      { pk: 'stockledger2', [ledgerName('s', 'p1')]: 7, [ledgerName('f', 'b1')]: 2 },
      { [ledgerName('p', 'p1')]: 3 },
    ]);
    expect([view.stock('p1'), view.pending('p1'), view.free('b1'), view.remaining('b1'), view.stock('p2')]).toEqual([
      7, 3, 2, 0, 0,
    ]);
    expect(bucketOf('p1')).toBe(bucketOf('p1'));
    const spread = new Set(Array.from({ length: 2000 }, (_, i) => bucketOf(`product-${i}`)));
    expect(spread.size).toBe(LEDGER_BUCKETS);
  });
});

describe('the cause of a ledger write', () => {
  const cause = orderCause({ id: 'o-1', orderNum: '1038', status: 'DELIVERED' }, { userId: 'u-1', name: 'Dan' }, 'T');

  it("an order's updates set it on every bucket, naming the product of each stock and pending counter", () => {
    const lines = [line('A', 4), line('B', 2, 'b1', true)];
    const productOf = (sku: string) => `product-${sku}`;
    const updates = ledgerUpdates(ledgerChangesOf(stockEffects('PACKED', 'DELIVERED', lines), productOf), { cause });
    const stored = updates.map((u) => {
      const { ExpressionAttributeNames: names, ExpressionAttributeValues: values, UpdateExpression } = rendered(u);
      const name = Object.entries(names!).find(([, v]) => v === CAUSE_ATTRIBUTE)![0];
      const value = new RegExp(`${name} = (:v\\d+)`).exec(UpdateExpression)![1]!;
      return values![value] as StoredCause;
    });
    expect(stored.every((s) => s.move === cause.move && s.order.orderNum === '1038')).toBe(true);
    expect(Object.assign({}, ...stored.map((s) => s.counters))).toEqual({
      [ledgerName('s', 'product-A')]: 'product-A',
      [ledgerName('p', 'product-A')]: 'product-A',
      [ledgerName('s', 'product-B')]: 'product-B',
      [ledgerName('p', 'product-B')]: 'product-B',
    });
    expect(orderCause(cause.order, { userId: 'u-1' }, 'T').move).not.toBe(cause.move);
  });

  it('writes without one (seeding, migrations, manual adjustments) leave the stored cause alone', () => {
    const [update] = ledgerUpdates([{ kind: 'setStock', productId: 'p1', value: 5, expect: 3 }]);
    expect(Object.values(rendered(update!).ExpressionAttributeNames!)).not.toContain(CAUSE_ATTRIBUTE);
    // An unchanged stock of 0 may also be a counter that was never written.
    expect(
      rendered(ledgerUpdates([{ kind: 'setStock', productId: 'p1', value: 5, expect: 0 }])[0]!).ConditionExpression,
    ).toMatch(/^attribute_not_exists\(#n\d+\) OR #n\d+ = :v\d+$/);
  });
});

describe("a return's movements (issue 23)", () => {
  const line = (productId: string, disposition: 'RESTOCK' | 'WRITE_OFF', from: Array<[string | null, number]>) => ({
    productId,
    sku: productId.toUpperCase(),
    name: productId,
    quantity: from.reduce((sum, [, q]) => sum + q, 0),
    disposition,
    valueCents: 0,
    from: from.map(([batchId, quantity], i) => ({ lineId: `${productId}-${i}`, batchId, quantity })),
  });

  it('restocks units into the batches they left and records written-off units though their stock stays', () => {
    const lines = [
      line('pa', 'RESTOCK', [
        ['b1', 4],
        ['b2', 1],
      ]),
      line('pb', 'WRITE_OFF', [[null, 2]]),
    ];
    const changes = ledgerChangesOfReturn(lines);
    expect(changes).toEqual([
      { kind: 'add', productId: 'pa', counter: 'stock', amount: 5 },
      { kind: 'addBatch', productId: 'pa', batchId: 'b1', remaining: 4, free: 4 },
      { kind: 'addBatch', productId: 'pa', batchId: 'b2', remaining: 1, free: 1 },
      { kind: 'add', productId: 'pb', counter: 'stock', amount: 0 },
    ]);
    const cause = {
      ...orderCause(
        { id: 'o-1', orderNum: '1001', status: 'RETURNED', kind: 'return', creditNoteNum: 'CN-00007' },
        { userId: 'u-1' },
        'T',
      ),
      writeOffs: { pb: 2 },
    };
    const images = ledgerUpdates(changes, { cause }).map((u) => {
      const { ExpressionAttributeNames: names, ExpressionAttributeValues: values, UpdateExpression } = rendered(u);
      const name = Object.entries(names!).find(([, v]) => v === CAUSE_ATTRIBUTE)![0];
      const stored = values![new RegExp(`${name} = (:v\\d+)`).exec(UpdateExpression)![1]!] as StoredCause;
      const counters = Object.fromEntries(Object.keys(stored.counters).map((n) => [n, 7]));
      return {
        old: { ...counters, [CAUSE_ATTRIBUTE]: { move: 'before' } },
        next: { ...counters, [CAUSE_ATTRIBUTE]: stored },
      };
    });
    // Stock read as 7 before and after: only the written-off product moves (its stock unchanged), not pa.
    const moved = images.flatMap((i) => movementsOf(i.old, i.next));
    expect(moved).toEqual([{ productId: 'pb', stock: [7, 7] }]);
    expect(movementEntry(cause, moved[0]!).notes).toBe('Return CN-00007 of order #1001: 2 written off');
    expect(movementEntry(cause, { productId: 'pa', stock: [7, 12] }).notes).toBe(
      'Return CN-00007 of order #1001: back in stock',
    );
  });
});
