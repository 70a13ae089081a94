import type { Role } from '../roles';
import { ORDER_READERS } from '../role-matrix';

/**
 * Documents (invoice and purchase-order PDFs) in the documents bucket, as pure rules shared by the browser
 * (file names) and the API (what it agrees to sign). A document's key is `<folder>/<fileName>`; its shareable
 * link is `<site>/documents/<folder>/<fileName>`.
 */
export const DOCUMENT_FOLDERS = ['invoices', 'purchaseOrders'] as const;
export type DocumentFolder = (typeof DOCUMENT_FOLDERS)[number];
export const DOCUMENT_CONTENT_TYPE = 'application/pdf';
export const MAX_DOCUMENT_NAME_LENGTH = 150;
export const DEFAULT_DOCUMENT_NAME = 'invoice.pdf';
export const DEFAULT_DOCUMENT_FOLDER: DocumentFolder = 'invoices';

/**
 * Who may read and write each folder (ADMIN always may). Invoices are sales-order data: read by the roles that
 * read every sales order (ORDER_READERS), written by SALES. A driver reads only their own deliveries, and the
 * bucket cannot tell whose delivery a file is: drivers get the invoice from the order they may read (built in
 * the browser from `orders/getByID`, or `storage/createInvoice`), never from the bucket. Purchase orders:
 * written by PURCHASING, read by INVENTORY too.
 */
export const DOCUMENT_ACCESS: Record<DocumentFolder, { read: readonly Role[]; write: readonly Role[] }> = {
  invoices: { read: ORDER_READERS, write: ['SALES'] },
  purchaseOrders: { read: ['PURCHASING', 'INVENTORY'], write: ['PURCHASING'] },
};
export const DOCUMENT_READERS: readonly Role[] = ['SALES', 'PURCHASING', 'INVENTORY'];
export const DOCUMENT_WRITERS: readonly Role[] = ['SALES', 'PURCHASING'];

export const mayAccessDocuments = (folder: DocumentFolder, roles: readonly Role[], mode: 'read' | 'write') =>
  roles.includes('ADMIN') || roles.some((r) => DOCUMENT_ACCESS[folder][mode].includes(r));

export const isDocumentFolder = (value: unknown): value is DocumentFolder =>
  typeof value === 'string' && (DOCUMENT_FOLDERS as readonly string[]).includes(value);

/** Spaces are allowed: the spec names invoices after the customer (`Green Leaf_1042_ab12cd.pdf`). */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9 _.()-]*$/;

/** Why a document file name is refused, or undefined when it is fine: a plain `.pdf` name, no path. */
export function documentNameProblem(name: string): string | undefined {
  if (!name) return 'File name is required';
  if (name.length > MAX_DOCUMENT_NAME_LENGTH) return `File name must be at most ${MAX_DOCUMENT_NAME_LENGTH} characters`;
  if (name.includes('..') || /[\\/]/.test(name)) return 'File name must not contain slashes or ..';
  if (!SAFE_NAME.test(name)) return 'File name may hold letters, digits, spaces and . _ - ( ) only';
  if (!/\.pdf$/i.test(name) || name.length <= 4) return 'File name must end with .pdf';
  return undefined;
}

/**
 * Why a list filter is refused: it must stay under one document folder (`invoices/…`, `purchaseOrders/…`),
 * with no `..` and only file-name characters after the folder.
 */
export function documentFilterProblem(filter: string): string | undefined {
  const slash = filter.indexOf('/');
  const folder = slash < 0 ? filter : filter.slice(0, slash);
  if (!isDocumentFolder(folder)) return `Filter must start with ${DOCUMENT_FOLDERS.map((f) => `${f}/`).join(' or ')}`;
  const rest = slash < 0 ? '' : filter.slice(slash + 1);
  if (rest.length > MAX_DOCUMENT_NAME_LENGTH) return 'Filter is too long';
  if (rest.includes('..') || /[\\/]/.test(rest)) return 'Filter must not contain .. or more than one slash';
  if (rest && !/^[A-Za-z0-9 _.()-]+$/.test(rest)) return 'Filter may hold letters, digits, spaces and . _ - ( ) only';
  return undefined;
}

/** The folder a list filter stays under (after `documentFilterProblem` found nothing wrong). */
export const folderOfFilter = (filter: string): DocumentFolder => filter.split('/')[0] as DocumentFolder;

/** A name part made safe for a file name: letters and digits kept, everything else one `_`, trimmed. */
export const fileNamePart = (value: string): string =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/**
 * Invoice file name (spec 9: customer name, order number, random id, .pdf): `Green_Leaf_1042_ab12cd.pdf`.
 * The customer part is cut so the whole name stays within the length limit.
 */
export function invoiceFileName(customerName: string, orderNum: string | number, randomId: string): string {
  const tail = [fileNamePart(String(orderNum)), fileNamePart(randomId)].filter(Boolean).join('_');
  const room = MAX_DOCUMENT_NAME_LENGTH - tail.length - '_.pdf'.length;
  const customer = fileNamePart(customerName).slice(0, Math.max(0, room)).replace(/_+$/, '') || 'customer';
  return `${customer}_${tail}.pdf`;
}

/** The list filter for one order's saved invoices: `invoices/Green_Leaf_1042_` (the `_` keeps out order 10420). */
export const invoiceFilter = (customerName: string, orderNum: string | number): string =>
  `invoices/${invoiceFileName(customerName, orderNum, '').replace(/\.pdf$/, '')}_`;

/** Purchase order file name (spec 9): `PO_{number}_{uuid}.pdf`. */
export const purchaseOrderFileName = (number: string | number, uuid: string): string =>
  `PO_${fileNamePart(String(number))}_${uuid.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;

/** A random id for a file name: 12 characters of [a-z0-9] (about 62 bits) from the platform's CSPRNG. */
export function randomDocumentId(length = 12): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  // Web Crypto is global in browsers and Node 20+; shared compiles without DOM or Node types.
  const { crypto } = globalThis as unknown as { crypto: { getRandomValues(array: Uint8Array): Uint8Array } };
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b: number) => alphabet[b % alphabet.length]).join('');
}

/** Where a document is shared: `<site>/documents/<folder>/<fileName>`. */
export const documentLink = (siteUrl: string, folder: DocumentFolder, fileName: string): string =>
  `${siteUrl.replace(/\/$/, '')}/documents/${folder}/${encodeURIComponent(fileName)}`;
