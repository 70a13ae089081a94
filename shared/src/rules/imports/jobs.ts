import type { Role } from '../../roles';

/** What can be imported (issue 24); each kind's columns are in columns.ts. */
export const IMPORT_KINDS = ['brands', 'productTypes', 'products', 'customers', 'customPrices'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/**
 * An import as a job (issue 24, section 1): who may import what, which files are taken, and the states a job
 * goes through. Shared by the browser (what to offer, refusing a file before asking) and the API (enforcing).
 */

/**
 * Roles per kind besides ADMIN, who imports everything: the catalogue is PURCHASING's (the words; INVENTORY
 * writes stock and visibility, not whole catalogues); customers and their prices are SALES's.
 */
export const IMPORT_ROLES: Readonly<Record<ImportKind, readonly Role[]>> = {
  brands: ['PURCHASING'],
  productTypes: ['PURCHASING'],
  products: ['PURCHASING'],
  customers: ['SALES'],
  customPrices: ['SALES'],
};

/** Every role that imports some kind (the import routes' roles; the kind is checked per request). */
export const IMPORTERS: readonly Role[] = ['PURCHASING', 'SALES'];

export const mayImport = (kind: ImportKind, roles: readonly string[]): boolean =>
  roles.includes('ADMIN') || IMPORT_ROLES[kind].some((r) => roles.includes(r));

export const IMPORT_KIND_LABELS: Readonly<Record<ImportKind, string>> = {
  brands: 'Brands',
  productTypes: 'Product types',
  products: 'Products',
  customers: 'Customers',
  customPrices: 'Custom prices',
};

/**
 * UPLOADING: waiting for the file's PUT. READING: the dry run is being made. PLANNED: the dry run is ready, nothing
 * written. COMMITTING: rows being written (progress). DONE: written. FAILED: the file could not be read (message).
 */
export const IMPORT_STATUSES = ['UPLOADING', 'READING', 'PLANNED', 'COMMITTING', 'DONE', 'FAILED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** States the job still works on (the browser polls while in them). */
export const isImportWorking = (status: ImportStatus): boolean => status === 'READING' || status === 'COMMITTING';

export const IMPORT_FILE_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type ImportFileType = keyof typeof IMPORT_FILE_TYPES;

/** An import file's limit: 20,000 rows of the widest template stay far under it. */
export const IMPORT_LIMIT_BYTES = 10 * 1024 * 1024;

export const IMPORT_MESSAGES = {
  fileType: 'Upload the template as .xlsx or .csv',
  legacyExcel: 'This is an old Excel file (.xls): save it as .xlsx or .csv and upload that',
  tooBig: (bytes: number) =>
    `An import file may be at most 10 MB; this file is ${Math.ceil((bytes / (1024 * 1024)) * 10) / 10} MB`,
  forbidden: (kind: ImportKind) => `Your role cannot import ${IMPORT_KIND_LABELS[kind].toLowerCase()}`,
  notUploaded: 'The file has not arrived yet: upload it to the URL `imports/new` gave, then ask again',
  notPlanned: (status: ImportStatus) =>
    status === 'FAILED'
      ? 'This import failed when its file was read: upload a fixed file as a new import'
      : 'Only an import whose dry run is shown can be committed',
  nothingToWrite: 'The dry run has nothing to create or update',
} as const;

/** The type of an import file by its name's extension, or why it is refused. */
export function importFileType(fileName: string): { ok: true; type: ImportFileType } | { ok: false; message: string } {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  if (ext === 'csv' || ext === 'xlsx') return { ok: true, type: ext };
  return { ok: false, message: ext === 'xls' ? IMPORT_MESSAGES.legacyExcel : IMPORT_MESSAGES.fileType };
}

/** Why a declared import size is refused, or undefined. */
export const importSizeProblem = (size: number): string | undefined =>
  !Number.isSafeInteger(size) || size < 1
    ? 'Size must be a whole number of bytes, at least 1'
    : size > IMPORT_LIMIT_BYTES
      ? IMPORT_MESSAGES.tooBig(size)
      : undefined;

/** How far a commit is, 0–100. */
export const importPercent = (done: number, total: number): number =>
  total <= 0 ? 100 : Math.min(100, Math.floor((done / total) * 100));
