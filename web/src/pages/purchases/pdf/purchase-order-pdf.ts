import {
  formatInvoiceDate,
  formatUsd,
  purchaseLineSubtotalCents,
  toCents,
  type Cents,
  type PurchaseOrder,
  type PurchaseOrderItem,
} from '@bo/shared';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatUnits } from '../../../format/counts';
import { PURCHASE_STATUS_LABELS } from '../purchase-statuses';
import { PAYMENT_STATUS_LABELS } from '../../../format/statuses';
import { groupPurchaseLines, lineDetail } from '../line-groups';

/**
 * The purchase order as a pdfmake document definition (spec 9: A4 portrait, 15 px margins; lines grouped by
 * type and weight). Pure: pdfmake itself loads on click (`components/pdf/pdf-actions.ts`). Unit cost, subtotals
 * and the total appear only when the order carries them (the API leaves them out for roles that may not see cost).
 */
export const PURCHASE_ORDER_PAGE_SIZE = 'A4';
export const PURCHASE_ORDER_MARGIN = 15;

export type PurchaseOrderDocumentLine = Pick<
  PurchaseOrderItem,
  'productSku' | 'productName' | 'productType' | 'quantity'
> &
  Partial<
    Pick<PurchaseOrderItem, 'productWeight' | 'productGenetics' | 'productExtractType' | 'unitCost' | 'subtotal'>
  >;

export type PurchaseOrderDocument = Pick<
  PurchaseOrder,
  'purchaseOrderNum' | 'orderPlacedOn' | 'expectedDeliveryOn' | 'orderStatus' | 'paymentStatus' | 'notes' | 'total'
> & {
  /** The brand's name. */
  brand: string;
  purchaseOrderItems: readonly PurchaseOrderDocumentLine[];
};

export interface PurchaseOrderDocumentOptions {
  /** Heading line above the order, e.g. the company name. */
  companyName?: string;
  printedAt?: Date;
}

/** Whether the order carries costs: a total, or any line with a unit cost. */
export const carriesCosts = (order: Pick<PurchaseOrderDocument, 'total' | 'purchaseOrderItems'>): boolean =>
  order.total !== undefined || order.purchaseOrderItems.some((l) => l.unitCost !== undefined);

const lineSubtotal = (line: PurchaseOrderDocumentLine): Cents =>
  line.subtotal !== undefined
    ? toCents(line.subtotal)
    : purchaseLineSubtotalCents({ orderQuantity: line.quantity, unitCost: line.unitCost });

const right = (text: string, extra: Partial<Record<'bold' | 'italics', boolean>> = {}): TableCell => ({
  text,
  alignment: 'right',
  ...extra,
});

/** The pdfmake document definition of one purchase order. Lines of no units are left out. */
export function buildPurchaseOrderDocument(
  order: PurchaseOrderDocument,
  options: PurchaseOrderDocumentOptions = {},
): TDocumentDefinitions {
  const costs = carriesCosts(order);
  const lines = order.purchaseOrderItems.filter((l) => l.quantity > 0);
  const groups = groupPurchaseLines(lines);
  const columns = costs ? 5 : 3;
  const span = (text: string, extra: Record<string, unknown>): TableCell[] => [
    { text, colSpan: columns, ...extra },
    ...Array.from({ length: columns - 1 }, () => ({})),
  ];

  const body: TableCell[][] = [
    [
      { text: 'Product', style: 'th' },
      { text: 'SKU', style: 'th' },
      { text: 'Qty', style: 'th', alignment: 'right' },
      ...(costs
        ? [
            { text: 'Unit cost', style: 'th', alignment: 'right' } as TableCell,
            { text: 'Subtotal', style: 'th', alignment: 'right' } as TableCell,
          ]
        : []),
    ],
  ];
  let units = 0;
  let total = 0;
  for (const group of groups) {
    const groupUnits = group.lines.reduce((n, l) => n + l.quantity, 0);
    body.push(span(`${group.label} (${formatUnits(groupUnits)} units)`, { style: 'group' }));
    for (const line of group.lines) {
      const subtotal = lineSubtotal(line);
      units += line.quantity;
      total += subtotal;
      const detail = lineDetail(line);
      body.push([
        detail ? { stack: [line.productName, { text: detail, style: 'detail' }] } : line.productName,
        line.productSku,
        right(formatUnits(line.quantity)),
        ...(costs ? [right(formatUsd(toCents(line.unitCost ?? 0))), right(formatUsd(subtotal))] : []),
      ]);
    }
  }
  if (groups.length === 0) body.push(span('No items', { italics: true }));

  const totalRows: TableCell[][] = [['Units', right(formatUnits(units))]];
  if (costs) totalRows.push([{ text: 'Total', bold: true }, right(formatUsd(total as Cents), { bold: true })]);

  const details: Content = {
    columns: [
      {
        width: '*',
        stack: [
          { text: 'Supplier', style: 'label' },
          { text: order.brand, style: 'brand' },
        ],
      },
      {
        width: 'auto',
        table: {
          body: [
            ['Purchase order', right(`#${order.purchaseOrderNum}`, { bold: true })],
            ['Placed on', right(formatInvoiceDate(order.orderPlacedOn))],
            ['Expected delivery', right(formatInvoiceDate(order.expectedDeliveryOn))],
            ['Status', right(PURCHASE_STATUS_LABELS[order.orderStatus])],
            ['Payment', right(PAYMENT_STATUS_LABELS[order.paymentStatus])],
          ],
        },
        layout: 'noBorders',
      },
    ],
    columnGap: 20,
    margin: [0, 0, 0, 12],
  };

  const content: Content[] = [
    { text: options.companyName ?? 'Purchase Order', style: 'title', margin: [0, 0, 0, 10] },
    details,
    {
      table: {
        headerRows: 1,
        widths: costs ? ['*', 'auto', 'auto', 'auto', 'auto'] : ['*', 'auto', 'auto'],
        body,
      },
      layout: 'lightHorizontalLines',
    },
    {
      columns: [
        { width: '*', text: '' },
        { width: 'auto', table: { widths: [120, 90], body: totalRows }, layout: 'lightHorizontalLines' },
      ],
      margin: [0, 10, 0, 0],
    },
  ];
  if (order.notes?.trim())
    content.push({ text: [{ text: 'Notes: ', bold: true }, order.notes.trim()], margin: [0, 14, 0, 0] });

  const printedAt = options.printedAt ?? new Date();
  return {
    info: { title: `Purchase order ${order.purchaseOrderNum} - ${order.brand}`, subject: 'Purchase order' },
    pageSize: PURCHASE_ORDER_PAGE_SIZE,
    pageOrientation: 'portrait',
    pageMargins: PURCHASE_ORDER_MARGIN,
    content,
    footer: (currentPage, pageCount) => ({
      columns: [
        {
          text: `Purchase order #${order.purchaseOrderNum} · printed ${formatInvoiceDate(printedAt.toISOString())}`,
          fontSize: 8,
        },
        { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right', fontSize: 8 },
      ],
      margin: [PURCHASE_ORDER_MARGIN, 4, PURCHASE_ORDER_MARGIN, 0],
    }),
    styles: {
      title: { fontSize: 18, bold: true },
      label: { fontSize: 8, color: '#666666' },
      brand: { fontSize: 14, bold: true },
      th: { bold: true, fontSize: 9, color: '#333333' },
      group: { bold: true, fillColor: '#eeeeee' },
      detail: { fontSize: 8, color: '#666666' },
    },
    defaultStyle: { fontSize: 10 },
  };
}
