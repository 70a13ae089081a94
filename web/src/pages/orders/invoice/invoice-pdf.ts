/** The invoice document lives in shared, so the server's createInvoice renders the same one. */
export {
  INVOICE_MARGIN,
  INVOICE_PAGE_SIZE,
  buildInvoiceDocument,
  formatInvoiceDate,
  invoiceGroups,
  invoiceTotals,
  type InvoiceBrandGroup,
  type InvoiceLine,
  type InvoiceOptions,
  type InvoiceOrder,
  type InvoiceTotals,
} from '@bo/shared';
