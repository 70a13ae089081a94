import {
  accountingFiles,
  accountingHash,
  accountingKey,
  ACCOUNTING_KINDS,
  exportChange,
  type Included,
  toCsv,
} from '@bo/shared';
import { accounting, storage } from '@bo/functions/data';
import { logger } from '@bo/functions/logger';
import { countJobMetric, JOB_METRICS } from '@bo/functions/metrics';

/**
 * The accounting export job (issue 24, section 3), woken by the export's INSERT on the table's stream: reads every
 * record of the range, hashes each, and includes the ones no export holds as they are now (new, or changed since
 * the export that included them). It writes the files first, then each included record's state (its hash and this
 * export), then marks the export DONE. A run that stopped part-way is run again from the start: records whose
 * state already names this export count as this export's, as they were (new or changed), so nothing moves out of
 * it and nothing is counted twice.
 */
export async function runAccountingExport(exportId: string): Promise<void> {
  const item = await accounting.getExportItem(exportId, true);
  if (item?.status !== 'RUNNING') return;
  const records = await accounting.readAccountingRecords(item.from, item.to);
  const states = await accounting.readExportedStates(records);
  const included: Array<Included & { hash: string }> = [];
  let unchanged = 0;
  for (const record of records) {
    const hash = accountingHash(record);
    const change = exportChange(hash, states.get(accountingKey(record)), exportId);
    // A payment voided before any export booked it leaves nothing to book.
    if (change === 'unchanged' || (change === 'new' && record.kind === 'payment' && record.voided)) unchanged++;
    else included.push({ record, change, hash });
  }
  const files = accountingFiles(item.format, included);
  await Promise.all(
    files.map((f) =>
      storage.writeFile(
        'documents',
        accounting.exportFileName(exportId, f.name),
        Buffer.from(toCsv(f.rows)),
        'text/csv; charset=utf-8',
      ),
    ),
  );
  const now = new Date().toISOString();
  await accounting.writeExportedStates(
    included.map(({ record, hash }) => ({
      ref: record,
      state: {
        hash,
        exportId,
        exportedAt: now,
        firstExportId: states.get(accountingKey(record))?.firstExportId ?? exportId,
      },
    })),
  );
  const counts = Object.fromEntries(
    ACCOUNTING_KINDS.map((kind) => [
      kind,
      {
        new: included.filter((i) => i.record.kind === kind && i.change === 'new').length,
        changed: included.filter((i) => i.record.kind === kind && i.change === 'changed').length,
      },
    ]),
  ) as accounting.ExportCounts;
  await accounting.finishExport(exportId, {
    status: 'DONE',
    counts,
    unchanged,
    files: files.map((f) => ({ name: f.name, rows: f.rows.length - 1 })),
  });
  countJobMetric(JOB_METRICS.accountingRecordsExported, included.length);
  logger.info('Accounting export written', { exportId, records: records.length, included: included.length });
}
