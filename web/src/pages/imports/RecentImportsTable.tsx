import { useNavigate } from 'react-router-dom';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import Pagination from '@cloudscape-design/components/pagination';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { IMPORT_KIND_LABELS, type ImportJob } from '@bo/shared';
import { importHref } from '../../access/pages';
import { errorMessage } from '../../api/client';
import { useApiQuery } from '../../api/hooks';
import ListPageHeader from '../../components/ListPageHeader';
import { useFollow } from '../../components/navigation';
import { TableEmptyState } from '../../components/table-states';
import { formatUnits } from '../../format/counts';
import { formatDateTime } from '../../format/dates';
import { IMPORTS_TEXT, STATUS_INDICATOR, STATUS_LABELS } from './imports-config';

const EMPTY: ImportJob[] = [];

/** The latest 50 imports the user may see; choosing one opens it (its dry run or result). */
export default function RecentImportsTable({ openId }: { openId?: string }) {
  const query = useApiQuery('imports.getAll', {});
  const follow = useFollow();
  const navigate = useNavigate();
  const imports = query.data ?? EMPTY;
  const { items, collectionProps, paginationProps } = useCollection(imports, {
    pagination: { pageSize: 10 },
    sorting: { defaultState: { sortingColumn: { sortingField: 'createdAt' }, isDescending: true } },
  });

  const columns: TableProps.ColumnDefinition<ImportJob>[] = [
    {
      id: 'fileName',
      header: 'File',
      isRowHeader: true,
      sortingField: 'fileName',
      cell: (j) => (
        <Link href={importHref(j.id)} onFollow={follow}>
          {j.fileName}
        </Link>
      ),
    },
    { id: 'kind', header: 'Kind', sortingField: 'kind', cell: (j) => IMPORT_KIND_LABELS[j.kind] },
    {
      id: 'status',
      header: 'Status',
      sortingField: 'status',
      cell: (j) => <StatusIndicator type={STATUS_INDICATOR[j.status]}>{STATUS_LABELS[j.status]}</StatusIndicator>,
    },
    { id: 'rows', header: 'Rows', sortingField: 'rowCount', cell: (j) => formatUnits(j.rowCount) },
    { id: 'createdBy', header: 'Created by', sortingField: 'createdBy', cell: (j) => j.createdBy ?? '—' },
    { id: 'createdAt', header: 'Created', sortingField: 'createdAt', cell: (j) => formatDateTime(j.createdAt) },
  ];

  return (
    <Table<ImportJob>
      {...collectionProps}
      items={items}
      columnDefinitions={columns}
      trackBy="id"
      variant="container"
      selectionType="single"
      selectedItems={imports.filter((j) => j.id === openId)}
      onSelectionChange={({ detail }) => {
        const chosen = detail.selectedItems[0];
        if (chosen) void navigate(importHref(chosen.id));
      }}
      ariaLabels={{
        tableLabel: IMPORTS_TEXT.recent,
        selectionGroupLabel: 'Import selection',
        itemSelectionLabel: (_s, j) => `Open ${j.fileName}`,
      }}
      loading={query.isPending}
      loadingText="Loading imports"
      empty={
        query.isError ? (
          <TableEmptyState
            title={IMPORTS_TEXT.loadError}
            subtitle={errorMessage(query.error, 'Try again.')}
            action={<Button onClick={() => void query.refetch()}>Retry</Button>}
          />
        ) : (
          <TableEmptyState title={IMPORTS_TEXT.recentEmpty} subtitle={IMPORTS_TEXT.recentEmptyDescription} />
        )
      }
      header={
        <ListPageHeader
          title={IMPORTS_TEXT.recent}
          variant="h2"
          counter={query.data ? imports.length : undefined}
          refresh={{ noun: 'imports', loading: query.isRefetching, onRefresh: () => void query.refetch() }}
        />
      }
      pagination={<Pagination {...paginationProps} />}
    />
  );
}
