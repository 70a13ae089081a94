import { useMemo, useState, type ReactNode } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { ImportKind, ImportRow } from '@bo/shared';
import { formatUnits, matchesText } from '../../format/counts';
import { TableEmptyState, TableNoMatchState } from '../../components/table-states';
import {
  ACTION_LABELS,
  ACTION_STATUS,
  actionFilterOptions,
  IMPORTS_TEXT,
  PAGE_SIZE,
  rowMatcher,
  toDryRunRow,
  type ActionFilter,
  type DryRunRow,
  type ImportCounts,
} from './imports-config';

export interface DryRunTableProps {
  kind: ImportKind;
  counts: ImportCounts;
  rows: readonly ImportRow[] | undefined;
  loading: boolean;
  error?: string;
  onRetry: () => void;
  /** The header's actions (the Commit button). */
  actions?: ReactNode;
}

const COLUMNS: TableProps.ColumnDefinition<DryRunRow>[] = [
  { id: 'row', header: 'Row', cell: (r) => r.row, sortingField: 'row', width: 90 },
  {
    id: 'action',
    header: 'Action',
    cell: (r) => <StatusIndicator type={ACTION_STATUS[r.action]}>{ACTION_LABELS[r.action]}</StatusIndicator>,
    sortingField: 'action',
    width: 140,
  },
  { id: 'label', header: 'Record', cell: (r) => r.label, sortingField: 'label', isRowHeader: true, width: 220 },
  { id: 'changes', header: 'What changes', cell: (r) => r.changes, width: 280 },
  {
    id: 'refused',
    header: 'Why refused',
    cell: (r) => (r.refused ? <Box color="text-status-error">{r.refused}</Box> : ''),
  },
];

/**
 * The dry run, row by row: filtered by action and by text, sorted and paged in the browser. Each row's display
 * text and lower-case haystack are worked out once when the rows arrive, so a keystroke over 10,000 rows stays a
 * plain `includes` per row.
 */
export default function DryRunTable({ kind, counts, rows, loading, error, onRetry, actions }: DryRunTableProps) {
  const [action, setAction] = useState<ActionFilter>('all');
  const all = useMemo(() => (rows ?? []).map((r) => toDryRunRow(kind, r)), [kind, rows]);
  const shown = useMemo(() => (action === 'all' ? all : all.filter((r) => r.action === action)), [all, action]);
  const filteringFunction = useMemo(() => rowMatcher(), []);

  const {
    items,
    actions: collection,
    filteredItemsCount,
    collectionProps,
    filterProps,
    paginationProps,
  } = useCollection(shown, {
    filtering: { filteringFunction },
    pagination: { pageSize: PAGE_SIZE },
    sorting: { defaultState: { sortingColumn: { sortingField: 'row' } } },
  });

  const empty = error ? (
    <TableEmptyState
      title={IMPORTS_TEXT.loadError}
      subtitle={error}
      action={<Button onClick={onRetry}>Retry</Button>}
    />
  ) : all.length > 0 ? (
    <TableNoMatchState
      onClearFilter={() => {
        collection.setFiltering('');
        setAction('all');
      }}
    />
  ) : (
    <TableEmptyState title={IMPORTS_TEXT.noRows} />
  );

  return (
    <Table<DryRunRow>
      {...collectionProps}
      items={items}
      columnDefinitions={COLUMNS}
      trackBy="row"
      variant="container"
      wrapLines
      resizableColumns
      loading={loading}
      loadingText={IMPORTS_TEXT.rowsLoading}
      empty={empty}
      ariaLabels={{ tableLabel: IMPORTS_TEXT.dryRun }}
      header={
        <Header
          variant="h2"
          counter={rows ? `(${formatUnits(all.length)})` : undefined}
          description={IMPORTS_TEXT.dryRunDescription}
          actions={actions}
        >
          {IMPORTS_TEXT.dryRun}
        </Header>
      }
      filter={
        <SpaceBetween direction="horizontal" size="m" alignItems="center">
          <TextFilter
            {...filterProps}
            filteringPlaceholder={IMPORTS_TEXT.filterPlaceholder}
            filteringAriaLabel={IMPORTS_TEXT.filterLabel}
            countText={matchesText(filteredItemsCount ?? 0)}
          />
          <SegmentedControl
            label="Show rows"
            selectedId={action}
            options={actionFilterOptions(counts)}
            onChange={({ detail }) => {
              setAction(detail.selectedId as ActionFilter);
              collection.setCurrentPage(1);
            }}
          />
        </SpaceBetween>
      }
      pagination={<Pagination {...paginationProps} />}
    />
  );
}
