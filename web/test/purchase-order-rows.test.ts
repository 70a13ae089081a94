import { describe, expect, it } from 'vitest';
import { makeProduct } from './brands-fixtures';
import { groupByTypeAndWeight } from '../src/pages/purchases/editor/preview-groups';
import {
  filterRows,
  parseSearch,
  restockRows,
  searchPick,
  sortRows,
  EMPTY_FILTERS,
} from '../src/pages/purchases/editor/restock-rows';

const products = [
  makeProduct({ sku: 'A-1', name: 'Blue Dream', weight: 3.5, stock: 10, pendingOutboundQuantity: 2 }),
  makeProduct({ id: 'p-2', sku: 'A-2', name: 'Gelato', weight: 7, stock: 3 }),
  makeProduct({
    id: 'p-3',
    sku: 'A-3',
    name: 'Blue Cookies',
    typeID: 't-v',
    type: { name: 'Vape' },
    weight: 1,
    stock: 0,
  }),
  makeProduct({ id: 'p-4', sku: 'A-4', name: 'Gone', status: 'INACTIVE' }),
];

describe('restock rows', () => {
  it('lists the products on the menus by name, and keeps a loaded line whose product left them', () => {
    const rows = restockRows(products, new Map([['A-2', 5]]));
    expect(rows.map((r) => r.name)).toEqual(['Blue Cookies', 'Blue Dream', 'Gelato']);
    expect(rows.find((r) => r.sku === 'A-2')?.onOrder).toBe(5);
    const withLine = restockRows(products, new Map(), [
      {
        purchaseOrderID: 'po',
        productSku: 'A-4',
        productName: 'Gone',
        productBrand: 'Acme',
        productType: 'Flower',
        quantity: 2,
        hasBeenStocked: false,
      },
      {
        purchaseOrderID: 'po',
        productSku: 'X-9',
        productName: 'Deleted',
        productBrand: 'Acme',
        productType: 'Flower',
        quantity: 1,
        hasBeenStocked: false,
      },
    ]);
    // By name: Blue Cookies, Blue Dream, Deleted, Gelato, Gone.
    expect(withLine.map((r) => r.sku)).toEqual(['A-3', 'A-1', 'X-9', 'A-2', 'A-4']);
  });

  it('reads a trailing number in the search as "the Nth match"', () => {
    expect(parseSearch('blue')).toEqual({ term: 'blue', nth: 1 });
    expect(parseSearch('blue 2')).toEqual({ term: 'blue', nth: 2 });
    expect(parseSearch(' 3 ')).toEqual({ term: '', nth: 3 });
    expect(parseSearch('3.5')).toEqual({ term: '3.5', nth: 1 });
    expect(parseSearch('blue 0')).toEqual({ term: 'blue 0', nth: 1 });

    const rows = restockRows(products, new Map());
    const listed = (search: string) => filterRows(rows, { ...EMPTY_FILTERS, search });
    expect(listed('blue').map((r) => r.name)).toEqual(['Blue Cookies', 'Blue Dream']);
    expect(searchPick(listed('blue 2'), 'blue 2')?.name).toBe('Blue Dream');
    expect(searchPick(listed('blue 3'), 'blue 3')).toBeNull();
    expect(listed('3.5 g').map((r) => r.name)).toEqual(['Blue Dream']);
    expect(filterRows(rows, { search: '', types: ['Vape'], weights: [] }).map((r) => r.name)).toEqual(['Blue Cookies']);
    expect(filterRows(rows, { search: '', types: [], weights: ['7'] }).map((r) => r.name)).toEqual(['Gelato']);
  });

  it('sorts by available and resulting stock', () => {
    const rows = restockRows(products, new Map());
    const none = () => null;
    expect(sortRows(rows, { field: 'available', descending: true }, none).map((r) => r.name)).toEqual([
      'Blue Dream',
      'Gelato',
      'Blue Cookies',
    ]);
    const quantity = (sku: string) => (sku === 'A-3' ? 20 : null);
    expect(sortRows(rows, { field: 'resulting', descending: true }, quantity).map((r) => r.name)).toEqual([
      'Blue Cookies',
      'Blue Dream',
      'Gelato',
    ]);
  });

  it('groups preview lines by type, then weight', () => {
    const rows = restockRows(products, new Map());
    const lines = rows.map((row) => ({ row, text: '1', orderQuantity: 1 }));
    expect(
      groupByTypeAndWeight(lines).map((g) => [g.type, g.weights.map((w) => [w.label, w.lines.map((l) => l.row.name)])]),
    ).toEqual([
      [
        'Flower',
        [
          ['3.5 g', ['Blue Dream']],
          ['7 g', ['Gelato']],
        ],
      ],
      ['Vape', [['1 g', ['Blue Cookies']]]],
    ]);
  });

  it('puts lines without a weight last, as the page and the PDF do', () => {
    const rows = restockRows(products, new Map());
    const flowerRow = rows.find((r) => r.type === 'Flower')!;
    const noWeight = { ...flowerRow, sku: 'A-9', name: 'Loose Leaf', weight: undefined };
    const lines = [...rows, noWeight].map((row) => ({ row, text: '1', orderQuantity: 1 }));
    const flower = groupByTypeAndWeight(lines).find((g) => g.type === 'Flower')!;
    expect(flower.weights.map((w) => w.label)).toEqual(['3.5 g', '7 g', 'No weight']);
  });
});
