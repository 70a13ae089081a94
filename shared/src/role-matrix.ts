import type { Role } from './roles';

/**
 * The role matrix (ARCHITECTURE.md, Auth and roles): which roles act on each area. ADMIN is in no list:
 * `isAllowed` admits it everywhere.
 * The route table's rows and the rules that narrow what a caller gets both read it from here, so this module
 * imports nothing of ours but the role type.
 */

/** Catalogue writes, images, stock limits, visibility and batches: PURCHASING and INVENTORY (and ADMIN). */
export const CATALOG_WRITERS: readonly Role[] = ['PURCHASING', 'INVENTORY'];

/** Customers and custom pricing: SALES (and ADMIN). */
export const CUSTOMER_WRITERS: readonly Role[] = ['SALES'];

/** Sales orders: SALES writes (and ADMIN); PURCHASING, INVENTORY and DRIVER read (ARCHITECTURE.md). */
export const ORDER_WRITERS: readonly Role[] = ['SALES'];

/** Read sales orders: SALES, PURCHASING and INVENTORY (and ADMIN); drivers read their own deliveries only. */
export const ORDER_READERS: readonly Role[] = ['SALES', 'PURCHASING', 'INVENTORY'];

/** Status-only changes of sales orders: SALES, INVENTORY and DRIVER (own deliveries) (and ADMIN). */
export const ORDER_STATUS_SETTERS: readonly Role[] = ['SALES', 'INVENTORY', 'DRIVER'];

/** Create and edit purchase orders: PURCHASING (and ADMIN). */
export const PURCHASE_WRITERS: readonly Role[] = ['PURCHASING'];

/** Read purchase orders and what is on order: PURCHASING and INVENTORY (and ADMIN). */
export const PURCHASE_READERS: readonly Role[] = ['PURCHASING', 'INVENTORY'];

/** Receive purchase orders into stock: PURCHASING and INVENTORY (and ADMIN). */
export const PURCHASE_RECEIVERS: readonly Role[] = ['PURCHASING', 'INVENTORY'];

/** Record and edit customer payments: SALES (and ADMIN). */
export const PAYMENT_WRITERS: readonly Role[] = ['SALES'];

/** Read payments and receivables: SALES and PAYROLL (and ADMIN). */
export const PAYMENT_READERS: readonly Role[] = ['SALES', 'PAYROLL'];

/** Payroll periods, rows and reimbursements: PAYROLL (and ADMIN); others read only their own commission. */
export const PAYROLL_WRITERS: readonly Role[] = ['PAYROLL'];

// Who sees cost, margin and profit figures is `canSeeCosts` (rules/redaction.ts), beside the redaction that
// applies it: kept there so every function's bundle stays byte for byte what it was.

/** Make returns (credit notes): SALES (and ADMIN). */
export const RETURN_WRITERS: readonly Role[] = ['SALES'];

/** Read returns: SALES and INVENTORY (and ADMIN); INVENTORY without prices (rules/returns.ts). */
export const RETURN_READERS: readonly Role[] = ['SALES', 'INVENTORY'];

/** Confirm restocked units are back on the shelf: INVENTORY (and ADMIN). */
export const RESTOCK_CONFIRMERS: readonly Role[] = ['INVENTORY'];

/**
 * Accounting exports (issue 24, section 3): PAYROLL (and ADMIN). The export hands the books to the accountant;
 * PAYROLL already owns money out (commission) and reads payments, while SALES records the money it would export.
 */
export const ACCOUNTING_EXPORTERS: readonly Role[] = ['PAYROLL'];

/** Whether an order's invoice was exported and changed since: whoever reads orders, and PAYROLL. */
export const EXPORT_STATUS_READERS: readonly Role[] = ['SALES', 'PURCHASING', 'INVENTORY', 'PAYROLL'];

/**
 * The sales report (issue 25): SALES (their own customers only, never cost, profit or margin) and ADMIN.
 * Which figures a caller gets is narrowed by `salesReportScope` (rules/reports/access.ts).
 */
export const SALES_REPORT_READERS: readonly Role[] = ['SALES'];

/** The purchasing report (issue 25): PURCHASING and INVENTORY (and ADMIN); INVENTORY without spend (a cost). */
export const PURCHASE_REPORT_READERS: readonly Role[] = ['PURCHASING', 'INVENTORY'];

/** The commission report (issue 25): PAYROLL (and ADMIN). */
export const COMMISSION_REPORT_READERS: readonly Role[] = ['PAYROLL'];

/** The inventory reports (issue 25): PURCHASING and INVENTORY (and ADMIN); value (a cost) only for who sees costs. */
export const INVENTORY_REPORT_READERS: readonly Role[] = ['PURCHASING', 'INVENTORY'];

/** The receivables report (issue 25): ADMIN only (the issue grants it to no other role). */
export const RECEIVABLES_REPORT_READERS: readonly Role[] = [];

/** Rebuild the reports' figures from the records: ADMIN only. */
export const REPORT_REBUILDERS: readonly Role[] = [];

/** Whether the figures are current and a rebuild under way: every role that reads a report. */
export const REPORT_STATUS_READERS: readonly Role[] = ['SALES', 'PURCHASING', 'INVENTORY', 'PAYROLL'];

/** The deliveries board of the day (issue 26): ADMIN, SALES and INVENTORY. */
export const DELIVERY_BOARD_READERS: readonly Role[] = ['SALES', 'INVENTORY'];

/** Confirm or reject money a driver collected at the door (issue 26): SALES (and ADMIN), who record payments. */
export const COLLECTION_CONFIRMERS: readonly Role[] = ['SALES'];
