import { describe, expect, it } from 'vitest';
import { invoiceFileName, randomDocumentId, type Order } from '@bo/shared';
import type { TableCell } from 'pdfmake/interfaces';
import { renderPdfInNode } from './render-pdf';
import {
  buildInvoiceDocument,
  invoiceGroups,
  invoiceTotals,
  type InvoiceOrder,
} from '../src/pages/orders/invoice/invoice-pdf';

type Item = Order['orderedItems'][number];
const item = (overrides: Partial<Item>): Item => ({
  id: 'i',
  orderID: 'o1',
  quantity: 1,
  unitPrice: 10,
  priceAdjustment: 0,
  subtotal: 10,
  productName: 'Night Caps',
  productSku: 'ACM-CAP-0001',
  productBrand: 'Acme',
  productType: 'Capsule',
  productBatchId: null,
  shouldHaveTag: false,
  tagsPulled: false,
  productCost: 4.25,
  ...overrides,
});

const order: InvoiceOrder = {
  orderNum: '1042',
  createdAt: '2026-03-02T15:04:05.000Z',
  customer: { customerName: 'Green Leaf Co.' },
  pickupOrder: false,
  deliveryDate: '2026-03-05',
  dollarAdjustment: 5,
  discountNotes: 'Loyalty',
  notes: 'Leave at the back door',
  orderStatus: 'RECEIVED',
  paymentStatus: 'AWAITING',
  orderedItems: [
    item({ quantity: 2, unitPrice: 12.5, productBatchId: 'b1' }),
    item({ quantity: 3, unitPrice: 12.5, productBatchId: 'b2' }),
    item({ productBrand: 'Bolt', productName: 'Zed Gummies', productSku: 'BOL-GUM-0002', quantity: 4, unitPrice: 3.1 }),
    item({ productBrand: 'Acme', productName: 'Alpha Oil', productSku: 'ACM-OIL-0003', quantity: 1, unitPrice: 40 }),
    item({ productBrand: 'Bolt', productName: 'Empty', productSku: 'BOL-X', quantity: 0, unitPrice: 1 }),
  ],
};

const CONTAINERS = ['text', 'stack', 'columns', 'table', 'body', 'content'];
/** Every text in the definition's content, in order (not style values such as `alignment`). */
const texts = (node: unknown, out: string[] = []): string[] => {
  if (typeof node === 'string') out.push(node);
  else if (Array.isArray(node)) node.forEach((n) => texts(n, out));
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) if (CONTAINERS.includes(key)) texts(value, out);
  return out;
};

describe('invoice PDF definition', () => {
  const definition = buildInvoiceDocument(order, { packingLocationName: 'Main warehouse', printedAt: new Date(0) });
  const words = texts(definition.content);

  it('is Letter, portrait by default, with 35 px margins; landscape on request', () => {
    expect(definition.pageSize).toBe('LETTER');
    expect(definition.pageOrientation).toBe('portrait');
    expect(definition.pageMargins).toBe(35);
    expect(buildInvoiceDocument(order, { orientation: 'landscape' }).pageOrientation).toBe('landscape');
  });

  it('groups lines by brand, merges batches of one SKU and drops empty lines', () => {
    const groups = invoiceGroups(order.orderedItems);
    expect(groups.map((g) => g.brand)).toEqual(['Acme', 'Bolt']);
    expect(groups[0]!.lines.map((l) => [l.productName, l.quantity, l.amount])).toEqual([
      ['Alpha Oil', 1, 4000],
      ['Night Caps', 5, 6250],
    ]);
    expect(groups[1]!.lines.map((l) => [l.productSku, l.quantity, l.amount])).toEqual([['BOL-GUM-0002', 4, 1240]]);
    const table = (definition.content as Array<{ table?: { body: TableCell[][] } }>)[2]!.table!.body;
    expect(table).toHaveLength(1 + 2 + 3);
    expect(texts(table[2])).toEqual(['Alpha Oil', 'ACM-OIL-0003', '1', '$40.00', '$40.00']);
    expect(texts(table[3])).toEqual(['Night Caps', 'ACM-CAP-0001', '5', '$12.50', '$62.50']);
  });

  it('shows customer, order number, dates, delivery, location, subtotal, discount with its notes and total', () => {
    expect(invoiceTotals(order)).toEqual({ quantity: 10, subtotal: 11490, discount: 500, total: 10990 });
    for (const text of [
      'Green Leaf Co.',
      '#1042',
      'Mar 2, 2026',
      'Delivery date',
      'Mar 5, 2026',
      'Main warehouse',
      'Subtotal',
      '$114.90',
      'Discount (Loyalty)',
      '-$5.00',
      'Total',
      '$109.90',
      'Leave at the back door',
    ])
      expect(words).toContain(text);
  });

  it('never shows cost', () => {
    expect(words.join(' ')).not.toMatch(/cost|\$4\.25/i);
  });

  it('names pickups and has no discount row without a discount', () => {
    const pickup = buildInvoiceDocument({ ...order, pickupOrder: true, dollarAdjustment: 0 });
    const all = texts(pickup.content);
    expect(all).toContain('Pickup date');
    expect(all.some((t) => t.startsWith('Discount'))).toBe(false);
  });

  it('renders to a real PDF with pdfmake', () => {
    const pdf = renderPdfInNode(definition);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
  });

  it('names the file after the customer, order number and a random id', () => {
    const id = randomDocumentId();
    expect(id).toMatch(/^[a-z0-9]{12}$/);
    expect(invoiceFileName(order.customer.customerName, order.orderNum, id)).toBe(`Green_Leaf_Co_1042_${id}.pdf`);
  });
});
