import { formatUsd, toCents, type Cents } from '../money';
import type { Order, OrderItem } from '../schemas/orders';
import { lineSubtotalCents } from './orders/totals';
import type { Content, PageOrientation, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * The invoice as a pdfmake document definition (spec 9: Letter, portrait by default, 35 px margins). Pure:
 * no pdfmake import here (types only), so the browser loads the library only on click (web
 * `pages/orders/pdf.ts`) and the server renders the very same document (`storage/createInvoice`). Cost never appears: the lines show quantity, unit price and amount only.
 */
export const INVOICE_PAGE_SIZE = 'LETTER';
export const INVOICE_MARGIN = 35;

export type InvoiceOrder = Pick<
  Order,
  | 'orderNum'
  | 'createdAt'
  | 'customer'
  | 'pickupOrder'
  | 'deliveryDate'
  | 'dollarAdjustment'
  | 'discountNotes'
  | 'notes'
  | 'orderStatus'
  | 'paymentStatus'
> & {
  orderedItems: ReadonlyArray<
    Pick<OrderItem, 'quantity' | 'unitPrice' | 'productName' | 'productSku' | 'productBrand'> &
      Partial<Pick<OrderItem, 'productWeight'>>
  >;
};

export interface InvoiceOptions {
  orientation?: PageOrientation;
  /** The packing (or pickup) location's name. */
  packingLocationName?: string;
  /** Heading line above the invoice, e.g. the company name. */
  companyName?: string;
  /** When the invoice is printed; default now. */
  printedAt?: Date;
}

export interface InvoiceLine {
  productName: string;
  productSku: string;
  quantity: number;
  unitPrice: Cents;
  amount: Cents;
}

export interface InvoiceBrandGroup {
  brand: string;
  lines: InvoiceLine[];
  quantity: number;
  amount: Cents;
}

export interface InvoiceTotals {
  quantity: number;
  subtotal: Cents;
  discount: Cents;
  total: Cents;
}

// Made on first use, so merely importing this module loads no locale data.
let date: Intl.DateTimeFormat | undefined;
const invoiceDate = () =>
  (date ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }));
/** `2026-03-05` or an ISO date-time → `Mar 5, 2026` (the calendar day as written, not shifted by time zone). */
export const formatInvoiceDate = (value: string | null | undefined): string => {
  if (!value) return '—';
  const parsed = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(parsed.getTime()) ? value : invoiceDate().format(parsed);
};

/**
 * Lines grouped by brand (brands A→Z, lines by product name); lines of the same SKU at the same price (several
 * batches) are merged, and empty lines dropped.
 */
export function invoiceGroups(items: InvoiceOrder['orderedItems']): InvoiceBrandGroup[] {
  const brands = new Map<string, Map<string, InvoiceLine>>();
  for (const item of items) {
    if (item.quantity <= 0) continue;
    const brand = item.productBrand || 'Other';
    const lines = brands.get(brand) ?? new Map<string, InvoiceLine>();
    brands.set(brand, lines);
    const unitPrice = toCents(item.unitPrice);
    const key = `${item.productSku}|${unitPrice}`;
    const line = lines.get(key);
    const amount = lineSubtotalCents(item);
    if (line) {
      line.quantity += item.quantity;
      line.amount = (line.amount + amount) as Cents;
    } else {
      lines.set(key, {
        productName: item.productName,
        productSku: item.productSku,
        quantity: item.quantity,
        unitPrice,
        amount,
      });
    }
  }
  return [...brands.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([brand, lines]) => {
      const sorted = [...lines.values()].sort(
        (a, b) => a.productName.localeCompare(b.productName) || a.productSku.localeCompare(b.productSku),
      );
      return {
        brand,
        lines: sorted,
        quantity: sorted.reduce((n, l) => n + l.quantity, 0),
        amount: sorted.reduce((n, l) => n + l.amount, 0) as Cents,
      };
    });
}

/** Subtotal of the lines, the dollar discount (never more than the subtotal) and the total. */
export function invoiceTotals(order: Pick<InvoiceOrder, 'orderedItems' | 'dollarAdjustment'>): InvoiceTotals {
  const groups = invoiceGroups(order.orderedItems);
  const subtotal = groups.reduce((n, g) => n + g.amount, 0) as Cents;
  const discount = Math.min(Math.max(0, toCents(order.dollarAdjustment || 0)), subtotal) as Cents;
  return {
    quantity: groups.reduce((n, g) => n + g.quantity, 0),
    subtotal,
    discount,
    total: (subtotal - discount) as Cents,
  };
}

const right = (text: string, extra: Partial<Record<'bold' | 'italics', boolean>> = {}): TableCell => ({
  text,
  alignment: 'right',
  ...extra,
});

/** The pdfmake document definition of one order's invoice. */
export function buildInvoiceDocument(order: InvoiceOrder, options: InvoiceOptions = {}): TDocumentDefinitions {
  const groups = invoiceGroups(order.orderedItems);
  const totals = invoiceTotals(order);
  const customerName = order.customer.customerName;

  const body: TableCell[][] = [
    [
      { text: 'Product', style: 'th' },
      { text: 'SKU', style: 'th' },
      { text: 'Qty', style: 'th', alignment: 'right' },
      { text: 'Unit price', style: 'th', alignment: 'right' },
      { text: 'Amount', style: 'th', alignment: 'right' },
    ],
  ];
  for (const group of groups) {
    body.push([{ text: group.brand, style: 'brand', colSpan: 5 }, {}, {}, {}, {}]);
    for (const line of group.lines)
      body.push([
        line.productName,
        line.productSku,
        right(String(line.quantity)),
        right(formatUsd(line.unitPrice)),
        right(formatUsd(line.amount)),
      ]);
  }
  if (groups.length === 0) body.push([{ text: 'No items', colSpan: 5, italics: true }, {}, {}, {}, {}]);

  const totalRows: TableCell[][] = [
    ['Units', right(String(totals.quantity))],
    ['Subtotal', right(formatUsd(totals.subtotal))],
  ];
  if (totals.discount > 0)
    totalRows.push([
      order.discountNotes ? `Discount (${order.discountNotes})` : 'Discount',
      right(`-${formatUsd(totals.discount)}`),
    ]);
  totalRows.push([{ text: 'Total', bold: true }, right(formatUsd(totals.total), { bold: true })]);

  const fulfilment = order.pickupOrder ? 'Pickup' : 'Delivery';
  const details: Content = {
    columns: [
      {
        width: '*',
        stack: [
          { text: 'Bill to', style: 'label' },
          { text: customerName, style: 'customer' },
        ],
      },
      {
        width: 'auto',
        table: {
          body: [
            ['Invoice', right(`#${order.orderNum}`, { bold: true })],
            ['Order date', right(formatInvoiceDate(order.createdAt))],
            [`${fulfilment} date`, right(formatInvoiceDate(order.deliveryDate))],
            ...(options.packingLocationName
              ? [[order.pickupOrder ? 'Pickup location' : 'Packed at', right(options.packingLocationName)]]
              : []),
          ],
        },
        layout: 'noBorders',
      },
    ],
    columnGap: 20,
    margin: [0, 0, 0, 16],
  };

  const content: Content[] = [
    {
      columns: [
        { text: options.companyName ?? 'Invoice', style: 'title' },
        { text: fulfilment.toUpperCase(), style: 'badge', alignment: 'right' },
      ],
      margin: [0, 0, 0, 12],
    },
    details,
    {
      table: { headerRows: 1, widths: ['*', 'auto', 'auto', 'auto', 'auto'], body },
      layout: 'lightHorizontalLines',
    },
    {
      columns: [
        { width: '*', text: '' },
        { width: 'auto', table: { widths: [140, 90], body: totalRows }, layout: 'lightHorizontalLines' },
      ],
      margin: [0, 12, 0, 0],
    },
  ];
  if (order.notes) content.push({ text: [{ text: 'Notes: ', bold: true }, order.notes], margin: [0, 16, 0, 0] });

  const printedAt = options.printedAt ?? new Date();
  return {
    info: { title: `Invoice ${order.orderNum} - ${customerName}`, subject: 'Invoice' },
    pageSize: INVOICE_PAGE_SIZE,
    pageOrientation: options.orientation ?? 'portrait',
    pageMargins: INVOICE_MARGIN,
    content,
    footer: (currentPage, pageCount) => ({
      columns: [
        { text: `Invoice #${order.orderNum} · printed ${formatInvoiceDate(printedAt.toISOString())}`, fontSize: 8 },
        { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right', fontSize: 8 },
      ],
      margin: [INVOICE_MARGIN, 10, INVOICE_MARGIN, 0],
    }),
    styles: {
      title: { fontSize: 20, bold: true },
      badge: { fontSize: 10, bold: true, color: '#555555' },
      label: { fontSize: 8, color: '#666666' },
      customer: { fontSize: 14, bold: true },
      th: { bold: true, fontSize: 9, color: '#333333' },
      brand: { bold: true, fillColor: '#eeeeee' },
    },
    defaultStyle: { fontSize: 10 },
  };
}
