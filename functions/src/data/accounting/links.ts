import type { AccountingExport } from '@bo/shared';
import * as storage from '../storage';
import { exportFileName } from './exports';

/** The export with a 60-second download link (a presigned GET, as text/csv) per file: getById only. */
export const withDownloadLinks = async (value: AccountingExport): Promise<AccountingExport> => ({
  ...value,
  files: await Promise.all(
    value.files.map(async (f) => ({
      ...f,
      url: await storage.downloadUrl('documents', exportFileName(value.id, f.name), 60, 'text/csv'),
    })),
  ),
});
