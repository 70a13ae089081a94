import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { errorMessage } from '../../api/client';
import { TableEmptyState, TableNoMatchState } from '../../components/table-states';
import { matchesText } from '../../format/counts';
import { useNotifications } from '../../notifications/notifications';

/** The pieces every report page repeats: its loading and error states, its headline figures, its download. */

/**
 * What a report's answer looks like on screen: still loading (or showing the previous answer while the next
 * loads), failed (its message and a Retry), or refused before asking (`problem`: the controls the API would turn
 * down, in its own words).
 */
export function useReportState(
  query: Pick<UseQueryResult, 'isError' | 'error' | 'isPending' | 'isPlaceholderData' | 'refetch'>,
  text: { loading: string; error: string },
  problem?: { message: string },
) {
  const failed = query.isError && !problem;
  const message = failed ? errorMessage(query.error, text.error) : '';
  const retry = <Button onClick={() => void query.refetch()}>Retry</Button>;
  const loading = !problem && !failed && (query.isPending || query.isPlaceholderData);
  /** In place of a summary or a chart until there is an answer. */
  const state = failed ? (
    <StatusIndicator type="error">{message}</StatusIndicator>
  ) : problem ? (
    <StatusIndicator type="warning">{problem.message}</StatusIndicator>
  ) : (
    <StatusIndicator type="loading">{text.loading}</StatusIndicator>
  );
  /** A table's empty slot when the answer failed or was not asked for. */
  const tableError: ReactNode = failed ? (
    <Box textAlign="center" color="inherit">
      <SpaceBetween size="xxs">
        <b>{text.error}</b>
        <Box variant="p" color="inherit">
          {message}
        </Box>
        {retry}
      </SpaceBetween>
    </Box>
  ) : problem ? (
    <Box textAlign="center" color="inherit">
      {problem.message}
    </Box>
  ) : undefined;
  /** The page's error banner. */
  const alert = failed ? (
    <Alert type="error" header={text.error} action={retry}>
      {message}
    </Alert>
  ) : null;
  return { failed, message, retry, loading, state, tableError, alert };
}

/**
 * A report's Download .xlsx button: `run` builds and saves the spreadsheet (importing its module, and exceljs, on
 * click) and answers the file's name; the page says it was downloaded (`what` in the console when it failed).
 */
export function ReportDownload({
  what,
  failedText,
  disabled,
  run,
}: {
  what: string;
  failedText: string;
  disabled: boolean;
  run: () => Promise<string>;
}) {
  const notify = useNotifications();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      notify.success(`Downloaded ${await run()}`);
    } catch (error) {
      console.error(`${what} download failed`, error);
      notify.error(failedText);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button iconName="download" onClick={() => void download()} loading={downloading} disabled={disabled}>
      Download .xlsx
    </Button>
  );
}

/** A report's headline figures, large: `[label, value]` pairs. */
export function ReportHeadline({
  items,
  ariaLabel,
  columns,
}: {
  items: readonly (readonly [label: string, value: string])[];
  ariaLabel: string;
  columns?: 1 | 2 | 3 | 4;
}) {
  return (
    <KeyValuePairs
      columns={columns ?? (Math.min(4, Math.max(1, items.length)) as 1 | 2 | 3 | 4)}
      ariaLabel={ariaLabel}
      items={items.map(([label, value]) => ({
        label,
        value: (
          <Box variant="awsui-value-large" tagOverride="span">
            {value}
          </Box>
        ),
      }))}
    />
  );
}

/** A chart's place when there is nothing to draw. */
export function ChartEmpty({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box textAlign="center" color="text-body-secondary" padding="l" data-testid={testId}>
      <b>{children}</b>
    </Box>
  );
}

/**
 * A report's table: sortable, filtered by text (what `filterText` says of a row, matched case-insensitively) and
 * by whatever `keep` says, paged past `pageSize` rows; its empty slot says why it is empty (the answer failed or
 * was refused; else no match, else `text.empty`).
 */
export function ReportTable<T>({
  rows,
  columns,
  trackBy,
  label,
  title,
  description,
  actions,
  ui: { loading, tableError: error },
  text,
  filterLabel,
  filterText,
  keep,
  extraFilter,
  defaultSort,
  pageSize = 100,
  counter,
}: {
  rows: readonly T[];
  columns: TableProps.ColumnDefinition<T>[];
  trackBy: TableProps.TrackBy<T>;
  /** The table's accessible name. */
  label: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** The answer's state (`useReportState`): still loading, or why the table is empty. */
  ui: { loading: boolean; tableError?: ReactNode };
  /** What the table says while loading and when empty. */
  text: { loading: string; empty: string; emptyDescription?: string };
  filterLabel: string;
  filterText: (row: T) => string;
  /** A filter beside the text filter (a select); `keep` is what it keeps. */
  keep?: (row: T) => boolean;
  extraFilter?: ReactNode;
  defaultSort?: { field: string; descending?: boolean };
  pageSize?: number;
  /** The header's counter, when not the number of rows. */
  counter?: string;
}) {
  const kept = keep ? rows.filter(keep) : rows;
  const {
    items,
    actions: collection,
    filteredItemsCount,
    collectionProps,
    filterProps,
    paginationProps,
  } = useCollection(kept as T[], {
    filtering: {
      filteringFunction: (row, text) => filterText(row).toLowerCase().includes(text.trim().toLowerCase()),
    },
    pagination: { pageSize },
    sorting: defaultSort
      ? { defaultState: { sortingColumn: { sortingField: defaultSort.field }, isDescending: defaultSort.descending } }
      : {},
  });
  const narrowed = Boolean(filterProps.filteringText) || kept.length < rows.length;
  return (
    <Table<T>
      {...collectionProps}
      items={items}
      columnDefinitions={columns}
      trackBy={trackBy}
      loading={loading}
      loadingText={text.loading}
      resizableColumns
      wrapLines
      ariaLabels={{ tableLabel: label }}
      empty={
        error ??
        (narrowed && rows.length > 0 ? (
          <TableNoMatchState onClearFilter={() => collection.setFiltering('')} />
        ) : (
          <TableEmptyState title={text.empty} subtitle={text.emptyDescription} />
        ))
      }
      header={
        <Header
          variant="h2"
          counter={counter ?? (loading && rows.length === 0 ? undefined : `(${rows.length})`)}
          description={description}
          actions={actions}
        >
          {title}
        </Header>
      }
      filter={
        <SpaceBetween direction="horizontal" size="s" alignItems="center">
          <TextFilter
            {...filterProps}
            filteringAriaLabel={filterLabel}
            filteringPlaceholder={filterLabel}
            countText={narrowed ? matchesText(filteredItemsCount ?? 0) : undefined}
          />
          {extraFilter}
        </SpaceBetween>
      }
      pagination={kept.length > pageSize ? <Pagination {...paginationProps} /> : undefined}
    />
  );
}
