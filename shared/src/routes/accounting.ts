import * as z from '../zod';
import {
  accountingExportSchema,
  exportIdParam,
  exportOrderParam,
  newAccountingExportBody,
  orderExportStatusSchema,
} from '../schemas/accounting';
import { ACCOUNTING_EXPORTERS, EXPORT_STATUS_READERS } from '../role-matrix';
import { route } from './route';

export const accountingExportsNewRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/accounting/exports/new',
  handler: 'accounting/exportsNew',
  roles: ACCOUNTING_EXPORTERS,
  summary:
    'Starts an accounting export (issue 24, section 3): body { format quickbooks|xero, from, to } (days, at most 400 apart). A job reads the range: invoices (delivered and completed orders made in it, lines and discount, no tax), payments with the orders they paid, credit notes and refunds; it includes what no export included yet and, marked changed, what changed since one did, and writes the files in the import layout of the format. Recorded with who, when, the range and a content hash per record. PAYROLL and ADMIN.',
  grants: { table: 'readWrite', jobs: ['accounting-exports'] },
  body: newAccountingExportBody,
  response: accountingExportSchema,
});

export const accountingExportsGetByIdRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/accounting/exports/getById/{id}',
  handler: 'accounting/exportsGetById',
  roles: ACCOUNTING_EXPORTERS,
  summary:
    'One accounting export: status, what it included per kind (new, changed), and its files with 60-second download links.',
  grants: { table: 'read', buckets: ['documents'], bucketAccess: 'read' },
  params: exportIdParam,
  response: accountingExportSchema,
});

export const accountingExportsGetAllRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/accounting/exports/getAll',
  handler: 'accounting/exportsGetAll',
  roles: ACCOUNTING_EXPORTERS,
  summary: 'The latest 50 accounting exports, newest first (without download links).',
  grants: { table: 'read' },
  response: z.array(accountingExportSchema),
});

export const accountingOrderStatusRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/accounting/orderStatus/{orderId}',
  handler: 'accounting/orderStatus',
  roles: EXPORT_STATUS_READERS,
  summary:
    'Whether the invoice of an order (by id or number) went out in an accounting export, when and in which, and whether it changed since (its invoice hashed now against the hash the export recorded): what the order page shows as "changed since export".',
  grants: { table: 'read' },
  params: exportOrderParam,
  response: orderExportStatusSchema,
});

/** Accounting exports (issue 24, section 3). */
export const accountingRoutes = {
  'accounting.exportsNew': accountingExportsNewRoute,
  'accounting.exportsGetById': accountingExportsGetByIdRoute,
  'accounting.exportsGetAll': accountingExportsGetAllRoute,
  'accounting.orderStatus': accountingOrderStatusRoute,
};
