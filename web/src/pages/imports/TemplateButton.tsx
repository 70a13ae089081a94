import { useState } from 'react';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import type { ImportKind } from '@bo/shared';
import type { ExportFormat } from '../../components/import-format-export';
import { useNotifications } from '../../notifications/notifications';
import { IMPORTS_TEXT } from './imports-config';

/** "Download template": the kind's header row and one sample row, as CSV or .xlsx (exceljs loaded on click). */
export default function TemplateButton({ kind }: { kind: ImportKind }) {
  const notify = useNotifications();
  const [busy, setBusy] = useState(false);

  const download = async (format: ExportFormat) => {
    setBusy(true);
    try {
      const { downloadTemplate } = await import('../../components/import-format-export');
      notify.success(`Downloaded ${await downloadTemplate(kind, format)}`);
    } catch (error) {
      console.error('Template failed', error);
      notify.error(IMPORTS_TEXT.templateFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ButtonDropdown
      items={[
        { id: 'xlsx', text: IMPORTS_TEXT.templateXlsx },
        { id: 'csv', text: IMPORTS_TEXT.templateCsv },
      ]}
      loading={busy}
      onItemClick={({ detail }) => void download(detail.id as ExportFormat)}
    >
      {IMPORTS_TEXT.template}
    </ButtonDropdown>
  );
}
