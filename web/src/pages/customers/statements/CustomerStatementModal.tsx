import { useMemo, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { errorMessage } from '../../../api/client';
import { useApiQuery } from '../../../api/hooks';
import { formatMoney } from '../../../format/money';
import { useNotifications } from '../../../notifications/notifications';
import DialogNotifications from '../../../notifications/DialogNotifications';
import StatementPeriodField from './StatementPeriodField';
import { defaultStatementRange, statementPeriod } from './statement-range';
import { DOCUMENT_TEXT, STATEMENT_TEXT } from './statement-text';

export interface CustomerStatementModalProps {
  customerId: string;
  customerName: string;
}

declare module '../../../modals/context' {
  interface ModalPropsByName {
    CustomerStatement: CustomerStatementModalProps;
  }
}

type FileKind = 'pdf' | 'xlsx';

/**
 * Registry `CustomerStatement` (issue 23, section 4): a customer's statement for a period (the last 30 days by
 * default; `customers.getStatement`), with its balances, downloaded as PDF or Excel. The documents' libraries
 * load on the first download.
 */
export default function CustomerStatementModal({
  customerId,
  customerName,
  onDismiss,
}: CustomerStatementModalProps & { onDismiss: () => void }) {
  const notify = useNotifications();
  const [range, setRange] = useState<DateRangePickerProps.Value | null>(() => defaultStatementRange());
  const period = useMemo(() => statementPeriod(range), [range]);
  const query = useApiQuery(
    'customers.getStatement',
    { params: { customerId }, query: period ?? undefined },
    { enabled: period !== null },
  );
  const [busy, setBusy] = useState<FileKind | null>(null);
  const statement = period ? query.data : undefined;

  const download = async (kind: FileKind) => {
    if (!statement) return;
    setBusy(kind);
    try {
      const { downloadStatement } = await import('./statement-files');
      notify.success(STATEMENT_TEXT.downloaded(await downloadStatement(statement, kind)));
    } catch (error) {
      console.error(`Statement ${kind} failed`, error);
      notify.error(errorMessage(error, kind === 'pdf' ? STATEMENT_TEXT.pdfError : STATEMENT_TEXT.xlsxError));
    } finally {
      setBusy(null);
    }
  };

  const status = (() => {
    if (!period) return <Box color="text-body-secondary">{STATEMENT_TEXT.chooseRange}</Box>;
    if (query.isPending) return <StatusIndicator type="loading">{STATEMENT_TEXT.loading}</StatusIndicator>;
    if (query.isError)
      return (
        <Alert
          type="error"
          statusIconAriaLabel="Error"
          header={STATEMENT_TEXT.loadError}
          action={<Button onClick={() => void query.refetch()}>Retry</Button>}
        >
          {errorMessage(query.error, STATEMENT_TEXT.loadErrorFallback)}
        </Alert>
      );
    return (
      <div data-testid="statement-summary">
        <KeyValuePairs
          columns={3}
          items={[
            { label: DOCUMENT_TEXT.openingBalance, value: formatMoney(query.data.openingBalance) },
            { label: DOCUMENT_TEXT.closingBalance, value: formatMoney(query.data.closingBalance) },
            { label: STATEMENT_TEXT.linesLabel, value: STATEMENT_TEXT.lineCount(query.data.lines.length) },
          ]}
        />
      </div>
    );
  })();

  return (
    <Modal
      visible
      header={STATEMENT_TEXT.title(customerName)}
      onDismiss={onDismiss}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              {STATEMENT_TEXT.close}
            </Button>
            <Button
              disabled={!statement || (busy !== null && busy !== 'xlsx')}
              loading={busy === 'xlsx'}
              onClick={() => void download('xlsx')}
            >
              {STATEMENT_TEXT.downloadXlsx}
            </Button>
            <Button
              variant="primary"
              disabled={!statement || (busy !== null && busy !== 'pdf')}
              loading={busy === 'pdf'}
              onClick={() => void download('pdf')}
            >
              {STATEMENT_TEXT.downloadPdf}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <DialogNotifications />
        <StatementPeriodField value={range} onChange={setRange} />
        {status}
      </SpaceBetween>
    </Modal>
  );
}
