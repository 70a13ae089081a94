import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { ACCOUNTING_FORMAT_LABELS, ACCOUNTING_KINDS, type AccountingExport } from '@bo/shared';
import { ACCOUNTING_TEXT, FILE_DESCRIPTIONS, includedCount, KIND_LABELS } from './accounting-config';

/** One export: running, failed, or what it included per kind with its files to download. */
export default function ExportResult({
  value,
  onDownload,
  downloading,
}: {
  value: AccountingExport;
  onDownload: (name: string) => void;
  downloading?: string;
}) {
  if (value.status === 'RUNNING') return <StatusIndicator type="loading">{ACCOUNTING_TEXT.running}</StatusIndicator>;
  if (value.status === 'FAILED')
    return (
      <Alert type="error" header="The export failed">
        {value.message ?? 'Try again.'}
      </Alert>
    );
  const counts = value.counts!;
  return (
    <SpaceBetween size="m">
      <ColumnLayout columns={ACCOUNTING_KINDS.length + 1} variant="text-grid">
        {ACCOUNTING_KINDS.map((kind) => (
          <div key={kind}>
            <Box variant="awsui-key-label">{KIND_LABELS[kind]}</Box>
            <div>
              {counts[kind].new} new
              {counts[kind].changed > 0 && (
                <>
                  {' · '}
                  <StatusIndicator type="warning">{counts[kind].changed} changed since exported</StatusIndicator>
                </>
              )}
            </div>
          </div>
        ))}
        <div>
          <Box variant="awsui-key-label">Left out (unchanged)</Box>
          <div>{value.unchanged ?? 0}</div>
        </div>
      </ColumnLayout>
      {includedCount(value) === 0 ? (
        <Alert type="info">{ACCOUNTING_TEXT.nothingNew}</Alert>
      ) : (
        <Table
          variant="embedded"
          items={value.files}
          trackBy="name"
          header={<Box variant="h3">Files for {ACCOUNTING_FORMAT_LABELS[value.format]}</Box>}
          columnDefinitions={[
            { id: 'name', header: 'File', cell: (f) => f.name, isRowHeader: true },
            { id: 'rows', header: 'Rows', cell: (f) => f.rows },
            { id: 'where', header: 'Import it at', cell: (f) => FILE_DESCRIPTIONS[value.format][f.name] ?? '' },
            {
              id: 'download',
              header: 'Download',
              cell: (f) => (
                <Button
                  iconName="download"
                  variant="inline-link"
                  loading={downloading === f.name}
                  ariaLabel={`Download ${f.name}`}
                  onClick={() => onDownload(f.name)}
                >
                  Download
                </Button>
              ),
            },
          ]}
        />
      )}
    </SpaceBetween>
  );
}
