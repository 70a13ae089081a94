import { describe, expect, it } from 'vitest';
import { purchaseOrderFileName } from '@bo/shared';
import type { TableCell } from 'pdfmake/interfaces';
import { renderPdfInNode } from './render-pdf';
import {
  buildPurchaseOrderDocument,
  carriesCosts,
  type PurchaseOrderDocument,
} from '../src/pages/purchases/pdf/purchase-order-pdf';
import { groupPurchaseLines } from '../src/pages/purchases/line-groups';
import { makePurchaseOrder } from './purchase-order-fixtures';

const order: PurchaseOrderDocument = { ...makePurchaseOrder(), brand: 'Acme' };
/** As a role that may not see cost gets it: no total, no unit cost or subtotal on the lines. */
const redacted: PurchaseOrderDocument = {
  ...order,
  total: undefined,
  purchaseOrderItems: order.purchaseOrderItems.map(({ unitCost: _c, subtotal: _s, ...line }) => line),
};

const CONTAINERS = ['text', 'stack', 'columns', 'table', 'body', 'content'];
const texts = (node: unknown, out: string[] = []): string[] => {
  if (typeof node === 'string') out.push(node);
  else if (Array.isArray(node)) node.forEach((n) => texts(n, out));
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) if (CONTAINERS.includes(key)) texts(value, out);
  return out;
};
const linesTable = (definition: ReturnType<typeof buildPurchaseOrderDocument>) =>
  (definition.content as Array<{ table?: { body: TableCell[][] } }>)[2]!.table!.body;

describe('purchase order PDF definition', () => {
  const definition = buildPurchaseOrderDocument(order, { printedAt: new Date(0) });
  const words = texts(definition.content);

  it('is A4 portrait with 15 px margins (spec section 9)', () => {
    expect(definition.pageSize).toBe('A4');
    expect(definition.pageOrientation).toBe('portrait');
    expect(definition.pageMargins).toBe(15);
  });

  it('groups lines by type, then weight (light to heavy), names A→Z, and leaves out lines of no units', () => {
    const groups = groupPurchaseLines(order.purchaseOrderItems.filter((l) => l.quantity > 0));
    expect(groups.map((g) => g.label)).toEqual(['Flower · 3.5 g', 'Flower · 7 g', 'Vape · 1 g']);
    expect(groups[0]!.lines.map((l) => l.productName)).toEqual(['Amnesia', 'Blue Dream']);

    const body = linesTable(definition);
    // Header, then per group its heading row and its lines: 1 + (1 + 2) + (1 + 1) + (1 + 1).
    expect(body).toHaveLength(8);
    expect(texts(body[1])).toEqual(['Flower · 3.5 g (16 units)']);
    expect(texts(body[2])).toEqual(['Amnesia', 'Hybrid', 'ACM-FLO-0002', '6', '$4.25', '$25.50']);
    expect(texts(body[6])).toEqual(['Vape · 1 g (6 units)']);
    expect(words.join(' ')).not.toContain('Empty line');
  });

  it('shows unit cost, subtotals and the total computed in cents when the order carries them', () => {
    expect(carriesCosts(order)).toBe(true);
    expect(texts(linesTable(definition)[0])).toEqual(['Product', 'SKU', 'Qty', 'Unit cost', 'Subtotal']);
    // 42.50 + 25.50 + 28.00 + 0.48
    for (const text of ['Units', '26', 'Total', '$96.48']) expect(words).toContain(text);
  });

  it('leaves cost out entirely when the order carries none', () => {
    const plain = buildPurchaseOrderDocument(redacted);
    expect(carriesCosts(redacted)).toBe(false);
    expect(texts(linesTable(plain)[0])).toEqual(['Product', 'SKU', 'Qty']);
    const all = texts(plain.content);
    expect(all.join(' ')).not.toMatch(/cost|total|\$/i);
    expect(all).toContain('26');
  });

  it('shows the brand, number, dates, statuses and notes', () => {
    for (const text of ['Acme', '#2001', 'Mar 2, 2026', 'Mar 9, 2026', 'Ordered', 'Pending', 'Call before delivery'])
      expect(words).toContain(text);
    expect(buildPurchaseOrderDocument({ ...order, expectedDeliveryOn: null }).content).toBeDefined();
    expect(texts(buildPurchaseOrderDocument({ ...order, expectedDeliveryOn: null }).content)).toContain('—');
  });

  it('renders to a real PDF with pdfmake', () => {
    const pdf = renderPdfInNode(definition);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A4 is 595.28 × 841.89 pt.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.2\d+ 841\.8\d+\]/);
  });

  it('names the file PO_{number}_{uuid}.pdf', () => {
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(purchaseOrderFileName(order.purchaseOrderNum, uuid)).toBe(`PO_2001_${uuid}.pdf`);
  });
});
