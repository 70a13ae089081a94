import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChangeLogEntry, FieldChange, Product } from '@bo/shared';
import ViewStockHistoryModal from '../src/pages/products/ViewStockHistoryModal';
import { MOVEMENT_LABELS, stockHistoryRows } from '../src/pages/products/stock-history';
import { fakeApi, renderWithQuery } from './helpers';

afterEach(() => vi.unstubAllGlobals());

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const stock = (previousValue: number | undefined, newValue: number): FieldChange => ({
  name: 'Stock',
  field: 'stock',
  action: 'update',
  previousValue,
  newValue,
});
const pending = (previousValue: number, newValue: number): FieldChange => ({
  name: 'Pending outbound',
  field: 'pendingOutboundQuantity',
  action: 'update',
  previousValue,
  newValue,
});
const entry = (id: string, days: number, changes: FieldChange[], extra: Partial<ChangeLogEntry> = {}) => ({
  id,
  action: 'update' as const,
  entityType: 'product',
  entityId: 'p-1',
  userId: 'system',
  userName: 'Seed',
  createdAt: ago(days),
  changes,
  ...extra,
});
const order = (orderNum: string, status: string) => ({ order: { id: `o-${orderNum}`, orderNum, status } });

/** Newest first, as the change log answers: a product's ledger from its opening stock on. */
const ENTRIES: ChangeLogEntry[] = [
  entry('adjust', 0.5, [stock(46, 50)], { userId: 'u-ivy', userName: 'Ivy Inventory', notes: 'Recount' }),
  entry('deliver', 1, [stock(52, 46), pending(6, 0)], { userName: 'Dan Driver', ...order('1038', 'DELIVERED') }),
  entry('reserve', 2, [pending(0, 6)], { userName: 'Sam Sales', ...order('1038', 'RECEIVED') }),
  entry('rename', 3, [{ name: 'Name', field: 'name', action: 'update', previousValue: 'A', newValue: 'Alpha' }]),
  entry('cancel', 4, [pending(3, 0)], order('1031', 'CANCELLED')),
  entry('hold', 5, [pending(0, 3)], order('1031', 'RECEIVED')),
  entry('sold', 10, [stock(59, 52)], order('1014', 'COMPLETED')),
  entry('po', 15, [stock(47, 59)], {
    userName: 'Paula Purchasing',
    order: { id: 'po-1', orderNum: '1002', status: 'RECEIVED', kind: 'purchaseOrder' },
  }),
  entry('opening', 20, [stock(undefined, 47)], { action: 'create' }),
];

const PRODUCT = {
  id: 'p-1',
  sku: 'ACM-FLO-0001',
  name: 'Alpha',
  brand: { name: 'Acme' },
  type: { name: 'Flower' },
  stock: 50,
} as Product;

async function open(entries: ChangeLogEntry[] = ENTRIES) {
  fakeApi()
    .on('GET', '/api/db/products/getByID/p-1', { body: PRODUCT })
    .on('GET', '/api/db/changelog/getAll/product/p-1', { body: { entries, cursor: null } });
  renderWithQuery(<ViewStockHistoryModal productId="p-1" onDismiss={() => undefined} />);
  const table = await screen.findByRole('table', { name: 'Stock movements' });
  await within(table).findByText('Recount');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  const rows = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = [...row.querySelectorAll<HTMLElement>('th, td')];
      return Object.fromEntries(headers.map((h, i) => [h, cells[i]!]));
    });
  return rows;
}

describe('View Stock History', () => {
  it('lists order movements beside adjustments, newest first, and the stock rows add up', async () => {
    const rows = await open();
    expect(rows.map((r) => r.Movement!.textContent)).toEqual([
      'Adjustment',
      'Sold',
      'Reserved',
      'Released',
      'Reserved',
      'Sold',
      'Received',
      'Opening stock',
    ]);
    // Each stock row starts where the next older one ended, from the opening stock to today's 50.
    const stockRows = rows.filter((r) => r.Change!.textContent !== '-');
    expect(stockRows.map((r) => [r.New!.textContent, r.Change!.textContent, r.Prev!.textContent])).toEqual([
      ['50', '+4', '46'],
      ['46', '-6', '52'],
      ['52', '-7', '59'],
      ['59', '+12', '47'],
      ['47', '+47', '-'],
    ]);
    for (let i = 0; i + 1 < stockRows.length; i++)
      expect(stockRows[i]!.Prev!.textContent).toBe(stockRows[i + 1]!.New!.textContent);
  });

  it('shows what each order moved, which order (a link) and who; reservations move pending outbound only', async () => {
    const rows = await open();
    const [, delivered, reserved, released] = rows;
    expect(delivered!['Pending outbound']!.textContent).toBe('-6 (6 → 0)');
    expect(delivered!.User!.textContent).toBe('Dan Driver');
    const link = within(delivered!.Order!).getByRole('link');
    expect(link).toHaveAttribute('href', '/orders/1038');
    expect(link.textContent).toContain('#1038 Delivered');
    // A reservation leaves the stock columns empty and is marked apart from stock moves.
    expect([reserved!.New!.textContent, reserved!.Change!.textContent, reserved!.Prev!.textContent]).toEqual([
      '-',
      '-',
      '-',
    ]);
    expect(reserved!['Pending outbound']!.textContent).toBe('+6 (0 → 6)');
    expect(reserved!.User!.textContent).toBe('Sam Sales');
    expect(released!.Order!.textContent).toContain('#1031 Cancelled');
    const badge = (row: Record<string, HTMLElement>) =>
      row.Movement!.querySelector('[class*="badge-color"]')!.className;
    expect(badge(reserved!)).not.toBe(badge(delivered!));
    expect(badge(reserved!)).toBe(badge(released!));
    // Order rows carry no note; an adjustment keeps its own.
    expect(rows[0]!.Notes!.textContent).toBe('Recount');
    expect(delivered!.Notes!.textContent).toBe('');
  });

  it('shows a purchase order received into stock as Received, linked to the purchase order', async () => {
    const rows = await open();
    const received = rows.find((r) => r.Movement!.textContent === 'Received')!;
    expect([received.New!.textContent, received.Change!.textContent]).toEqual(['59', '+12']);
    const link = within(received.Order!).getByRole('link');
    expect(link).toHaveAttribute('href', '/purchases/1002');
    expect(link.textContent).toContain('PO #1002 Received');
  });

  it("shows a return's restocked units as Returned and its written-off units as Written off, each linked to the order with its credit note", async () => {
    const returned = (status: string) => ({
      order: { id: 'o-1014', orderNum: '1014', status, kind: 'return' as const, creditNoteNum: 'CN-00012' },
    });
    const rows = await open([
      entry('adjust', 0.5, [stock(52, 50)], { userName: 'Ivy Inventory', notes: 'Recount' }),
      // Two units of the return went back on the shelf; one was written off: stock stays as it was.
      entry('write-off', 1, [stock(52, 52)], { userName: 'Sam Sales', notes: 'Crushed', ...returned('WRITTEN_OFF') }),
      entry('restock', 1.1, [stock(50, 52)], { userName: 'Sam Sales', notes: 'Crushed', ...returned('RETURNED') }),
      ...ENTRIES.slice(1),
    ]);
    const [, writtenOff, restocked] = rows;
    expect(restocked!.Movement!.textContent).toBe('Returned');
    expect([restocked!.New!.textContent, restocked!.Change!.textContent, restocked!.Prev!.textContent]).toEqual([
      '52',
      '+2',
      '50',
    ]);
    expect(writtenOff!.Movement!.textContent).toBe('Written off');
    expect([writtenOff!.New!.textContent, writtenOff!.Change!.textContent, writtenOff!.Prev!.textContent]).toEqual([
      '52',
      '0',
      '52',
    ]);
    for (const row of [restocked!, writtenOff!]) {
      const link = within(row.Order!).getByRole('link');
      expect(link).toHaveAttribute('href', '/orders/1014');
      expect(link.textContent).toContain('#1014 credit note CN-00012');
      // A return's row keeps its reason; who made it.
      expect(row.Notes!.textContent).toBe('Crushed');
      expect(row.User!.textContent).toBe('Sam Sales');
    }
  });

  it('keeps a written-off row whose entry records no stock field', () => {
    const rows = stockHistoryRows(
      [
        entry('write-off', 1, [], {
          order: { id: 'o-1', orderNum: '1001', status: 'WRITTEN_OFF', kind: 'return', creditNoteNum: 'CN-00001' },
        }),
      ],
      [0, Infinity],
    );
    expect(rows.map((r) => [r.kind, MOVEMENT_LABELS[r.kind], r.stock])).toEqual([['writtenOff', 'Written off', null]]);
  });
});
