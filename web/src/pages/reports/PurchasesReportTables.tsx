import type { ReactNode } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { PurchasesReport } from '@bo/shared';
import { useFollow } from '../../components/navigation';
import { TableEmptyState } from '../../components/table-states';
import { formatUnits } from '../../format/counts';
import { formatMoney } from '../../format/money';
import {
  PURCHASES_LIST_HREF,
  PURCHASES_REPORT_TEXT,
  purchasesLabelHeader,
  type PurchasesColumn,
  type PurchasesRow,
} from './purchases-report-config';

/** The report's figures: one row per series (and Others) when grouped, else one per period, sortable. */
export function PurchasesFiguresTable({
  report,
  rows,
  columns,
  spend,
  loading,
  error,
  actions,
}: {
  report: PurchasesReport | undefined;
  rows: PurchasesRow[];
  columns: PurchasesColumn[];
  spend: boolean;
  loading: boolean;
  /** The error state: what went wrong and a Retry. */
  error?: ReactNode;
  actions?: ReactNode;
}) {
  const grouped = Boolean(report?.groupBy);
  const { items, collectionProps } = useCollection(rows, {
    sorting: {
      defaultState: grouped
        ? { sortingColumn: { sortingField: spend ? 'cost' : 'units' }, isDescending: true }
        : { sortingColumn: { sortingField: 'order' }, isDescending: false },
    },
  });
  const columnDefinitions: TableProps.ColumnDefinition<PurchasesRow>[] = columns.map((c) => ({
    id: c.id,
    header: c.id === 'label' ? purchasesLabelHeader(report?.groupBy) : c.header,
    sortingField: c.sortingField,
    width: c.width,
    isRowHeader: c.id === 'label',
    cell:
      c.id === 'label'
        ? (row) => row.label
        : c.id === 'cost'
          ? (row) => formatMoney(row.cost)
          : c.id === 'units'
            ? (row) => formatUnits(row.units)
            : (row) => formatUnits(row.orders),
  }));
  return (
    <Table<PurchasesRow>
      {...collectionProps}
      items={items}
      columnDefinitions={columnDefinitions}
      trackBy="key"
      loading={loading}
      loadingText={PURCHASES_REPORT_TEXT.loading}
      resizableColumns
      wrapLines
      ariaLabels={{ tableLabel: 'Purchasing figures' }}
      empty={
        error ?? (
          <TableEmptyState title={PURCHASES_REPORT_TEXT.empty} subtitle={PURCHASES_REPORT_TEXT.emptyDescription} />
        )
      }
      header={
        <Header variant="h2" counter={report ? `(${rows.length})` : undefined} actions={actions}>
          {PURCHASES_REPORT_TEXT.tableTitle}
        </Header>
      }
    />
  );
}

type OnOrderRow = PurchasesReport['onOrder'][number];

/** What is on order now (pending and ordered purchase orders) by brand, with a way to the purchase orders. */
export function OnOrderTable({
  report,
  spend,
  loading,
  error,
}: {
  report: PurchasesReport | undefined;
  spend: boolean;
  loading: boolean;
  error?: ReactNode;
}) {
  const follow = useFollow();
  const rows = report?.onOrder ?? [];
  const { items, collectionProps } = useCollection(rows, {
    sorting: { defaultState: { sortingColumn: { sortingField: spend ? 'cost' : 'units' }, isDescending: true } },
  });
  const columnDefinitions: TableProps.ColumnDefinition<OnOrderRow>[] = [
    { id: 'brand', header: 'Brand', sortingField: 'brand', isRowHeader: true, width: 260, cell: (row) => row.brand },
    {
      id: 'orders',
      header: 'Purchase orders',
      sortingField: 'orders',
      width: 170,
      cell: (row) => formatUnits(row.orders),
    },
    { id: 'units', header: 'Units', sortingField: 'units', width: 120, cell: (row) => formatUnits(row.units) },
    ...(spend
      ? [
          {
            id: 'cost',
            header: 'Spend',
            sortingField: 'cost',
            width: 150,
            cell: (row: OnOrderRow) => formatMoney(row.cost),
          },
        ]
      : []),
  ];
  return (
    <Table<OnOrderRow>
      {...collectionProps}
      items={items}
      columnDefinitions={columnDefinitions}
      trackBy="brandId"
      loading={loading}
      loadingText={PURCHASES_REPORT_TEXT.loading}
      resizableColumns
      wrapLines
      ariaLabels={{ tableLabel: PURCHASES_REPORT_TEXT.onOrderTitle }}
      empty={
        error ?? (
          <TableEmptyState
            title={PURCHASES_REPORT_TEXT.onOrderEmpty}
            subtitle={PURCHASES_REPORT_TEXT.onOrderEmptyDescription}
          />
        )
      }
      header={
        <Header
          variant="h2"
          counter={report ? `(${rows.length})` : undefined}
          description={PURCHASES_REPORT_TEXT.onOrderDescription}
          actions={
            <Link href={PURCHASES_LIST_HREF} onFollow={follow}>
              {PURCHASES_REPORT_TEXT.openPurchases}
            </Link>
          }
        >
          {PURCHASES_REPORT_TEXT.onOrderTitle}
        </Header>
      }
    />
  );
}
