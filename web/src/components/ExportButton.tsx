import { useState } from 'react';
import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import type { ExportRecord, ImportKind } from '@bo/shared';
import { countText } from '../format/counts';
import { useNotifications } from '../notifications/notifications';
import type { ExportFormat } from './import-format-export';

export interface ExportButtonProps {
  kind: ImportKind;
  /** The rows the table shows after its filters, every page; read when an item is chosen. */
  records: readonly ExportRecord[];
  /** The rows' noun for the description, e.g. `product` (`Exports the 42 filtered products`). */
  noun: string;
  /** True while the rows load. */
  loading?: boolean;
}

export const EXPORT_TEXT = {
  button: 'Export',
  csv: 'CSV (import format)',
  xlsx: 'Excel .xlsx (import format)',
  description: (n: number, noun: string) => `Exports the ${countText(n, `filtered ${noun}`)}`,
  failed: 'The export could not be built. Try again.',
} as const;

/**
 * The list pages' "Export" menu (issue 24, section 2): the rows the table shows after filtering, in the import
 * template's format, as CSV or .xlsx. The file code (and exceljs) is loaded on click.
 */
export default function ExportButton({ kind, records, noun, loading = false }: ExportButtonProps) {
  const notify = useNotifications();
  const [busy, setBusy] = useState(false);
  const description = EXPORT_TEXT.description(records.length, noun);

  const exportAs = async (format: ExportFormat) => {
    setBusy(true);
    try {
      const { downloadImportFormat } = await import('./import-format-export');
      const fileName = await downloadImportFormat(kind, records, format);
      notify.success(`Downloaded ${fileName}`);
    } catch (error) {
      console.error('Export failed', error);
      notify.error(EXPORT_TEXT.failed);
    } finally {
      setBusy(false);
    }
  };

  const items: ButtonDropdownProps.Item[] = [
    { id: 'csv', text: EXPORT_TEXT.csv, secondaryText: description },
    { id: 'xlsx', text: EXPORT_TEXT.xlsx, secondaryText: description },
  ];
  return (
    <ButtonDropdown
      items={items}
      disabled={loading || records.length === 0}
      disabledReason={loading ? 'Loading...' : 'Nothing to export'}
      loading={busy}
      onItemClick={({ detail }) => void exportAs(detail.id as ExportFormat)}
    >
      {EXPORT_TEXT.button}
    </ButtonDropdown>
  );
}
