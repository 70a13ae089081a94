import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { ACCOUNTING_FORMAT_LABELS, type AccountingExport, type AccountingFormat } from '@bo/shared';
import { apiCall } from '../../api/client';
import { invalidateRoutes, useApiMutation, useApiQuery } from '../../api/hooks';
import { downloadBlob } from '../../components/download-file';
import { TableEmptyState } from '../../components/table-states';
import { useNotifications } from '../../notifications/notifications';
import { formatDateTime } from '../../format/dates';
import { ACCOUNTING_TEXT, changedCount, FORMAT_OPTIONS, includedCount, lastMonth } from './accounting-config';
import ExportResult from './ExportResult';

const STATUS: Record<AccountingExport['status'], { type: 'loading' | 'success' | 'error'; text: string }> = {
  RUNNING: { type: 'loading', text: 'Running' },
  DONE: { type: 'success', text: 'Done' },
  FAILED: { type: 'error', text: 'Failed' },
};

/**
 * `/accounting` (issue 24, section 3): PAYROLL and ADMIN export a range for QuickBooks Online or Xero. The export
 * runs as a job; the page follows it, then shows what it included per kind (new, changed since exported) and its
 * files to download, each with where the accounting system imports it. Earlier exports stay listed and open again.
 */
export default function AccountingPage() {
  const notify = useNotifications();
  const [format, setFormat] = useState<AccountingFormat>('quickbooks');
  const [range, setRange] = useState(lastMonth);
  const [selected, setSelected] = useState<string>();
  const [downloading, setDownloading] = useState<string>();
  const list = useApiQuery('accounting.exportsGetAll', {});
  const current = useApiQuery(
    'accounting.exportsGetById',
    { params: { id: selected ?? '' } },
    { enabled: !!selected, refetchInterval: (q) => (q.state.data?.status === 'RUNNING' ? 1000 : false) },
  );
  const start = useApiMutation('accounting.exportsNew', {
    invalidates: ['accounting.exportsGetAll'],
    onSuccess: (made) => setSelected(made.id),
    onError: (error) => notify.error(error.message, { header: 'The export could not start' }),
  });
  const badRange = !range.from || !range.to || range.from > range.to;
  const queryClient = useQueryClient();
  const finished = current.data && current.data.status !== 'RUNNING';
  // The list shows the export's status too: refreshed once it is done.
  useEffect(() => {
    if (finished) void invalidateRoutes(queryClient, ['accounting.exportsGetAll']);
  }, [finished, queryClient]);

  const download = async (name: string) => {
    if (!selected) return;
    setDownloading(name);
    try {
      // Links last 60 seconds: ask for fresh ones.
      const fresh = await apiCall('accounting.exportsGetById', { params: { id: selected } });
      const file = fresh.files.find((f) => f.url && f.name === name);
      if (!file?.url) throw new Error('The file is gone');
      const response = await fetch(file.url);
      if (!response.ok) throw new Error(`The download failed (${response.status})`);
      downloadBlob(await response.blob(), `${fresh.format}-${fresh.from}-to-${fresh.to}-${name}`);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error), {
        header: `${name} could not be downloaded`,
      });
    } finally {
      setDownloading(undefined);
    }
  };

  const value = current.data;
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={ACCOUNTING_TEXT.description}>
          {ACCOUNTING_TEXT.title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!badRange) start.mutate({ body: { format, from: range.from, to: range.to } });
          }}
        >
          <Form
            actions={
              <Button variant="primary" formAction="submit" loading={start.isPending} disabled={badRange}>
                {ACCOUNTING_TEXT.exportButton}
              </Button>
            }
          >
            <Container header={<Header variant="h2">{ACCOUNTING_TEXT.newExport}</Header>}>
              <SpaceBetween direction="horizontal" size="l">
                <FormField label="Accounting system">
                  <Select
                    selectedOption={FORMAT_OPTIONS.find((o) => o.value === format)!}
                    options={FORMAT_OPTIONS}
                    onChange={({ detail }) => setFormat(detail.selectedOption.value as AccountingFormat)}
                  />
                </FormField>
                <FormField
                  label="From"
                  errorText={badRange && range.from && range.to ? 'From must not be after To' : ''}
                >
                  <DatePicker
                    value={range.from}
                    onChange={({ detail }) => setRange((r) => ({ ...r, from: detail.value }))}
                    placeholder="YYYY/MM/DD"
                    ariaLabel="From"
                  />
                </FormField>
                <FormField label="To">
                  <DatePicker
                    value={range.to}
                    onChange={({ detail }) => setRange((r) => ({ ...r, to: detail.value }))}
                    placeholder="YYYY/MM/DD"
                    ariaLabel="To"
                  />
                </FormField>
              </SpaceBetween>
            </Container>
          </Form>
        </form>
        {value && (
          <Container
            header={
              <Header variant="h2" description={`${value.from} to ${value.to}, by ${value.createdBy ?? 'someone'}`}>
                {ACCOUNTING_FORMAT_LABELS[value.format]} export of {formatDateTime(value.createdAt)}
              </Header>
            }
          >
            <ExportResult value={value} onDownload={(name) => void download(name)} downloading={downloading} />
          </Container>
        )}
        <Table<AccountingExport>
          header={
            <Header variant="h2" counter={list.data ? `(${list.data.length})` : undefined}>
              {ACCOUNTING_TEXT.history}
            </Header>
          }
          items={list.data ?? []}
          loading={list.isPending}
          loadingText="Loading exports"
          trackBy="id"
          wrapLines
          selectionType="single"
          selectedItems={list.data?.filter((e) => e.id === selected) ?? []}
          onSelectionChange={({ detail }) => setSelected(detail.selectedItems[0]?.id)}
          onRowClick={({ detail }) => setSelected(detail.item.id)}
          empty={<TableEmptyState title={ACCOUNTING_TEXT.empty} subtitle={ACCOUNTING_TEXT.emptyDescription} />}
          ariaLabels={{ tableLabel: ACCOUNTING_TEXT.history, itemSelectionLabel: (_, e) => `Export of ${e.createdAt}` }}
          columnDefinitions={[
            { id: 'createdAt', header: 'Made', cell: (e) => formatDateTime(e.createdAt), isRowHeader: true },
            { id: 'by', header: 'By', cell: (e) => e.createdBy ?? '' },
            { id: 'range', header: 'Range', cell: (e) => `${e.from} to ${e.to}` },
            { id: 'format', header: 'For', cell: (e) => ACCOUNTING_FORMAT_LABELS[e.format] },
            {
              id: 'status',
              header: 'Status',
              cell: (e) => <StatusIndicator type={STATUS[e.status].type}>{STATUS[e.status].text}</StatusIndicator>,
            },
            {
              id: 'included',
              header: 'Included',
              cell: (e) =>
                e.status === 'DONE' ? (
                  <Box>
                    {includedCount(e)}
                    {changedCount(e) > 0 && ` (${changedCount(e)} changed)`}
                  </Box>
                ) : (
                  ''
                ),
            },
          ]}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
