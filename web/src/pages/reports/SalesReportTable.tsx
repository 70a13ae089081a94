import type { ReactNode } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { SalesReport } from '@bo/shared';
import { useFollow } from '../../components/navigation';
import { TableEmptyState } from '../../components/table-states';
import { formatUnits } from '../../format/counts';
import { formatMoney } from '../../format/money';
import {
  formatMargin,
  labelHeader,
  ordersHref,
  SALES_REPORT_TEXT,
  type SalesColumn,
  type SalesColumnId,
  type SalesRow,
} from './sales-report-config';

const changeCell = (row: SalesRow) => {
  if (row.change === undefined || row.others) return '';
  if (row.change === null) return row.revenue === 0 ? '0.0%' : 'new';
  const pct = Math.round(row.change * 1000) / 10;
  return (
    <Box color={pct > 0 ? 'text-status-success' : pct < 0 ? 'text-status-error' : 'inherit'}>
      {`${pct > 0 ? '+' : ''}${pct.toFixed(1)}%`}
    </Box>
  );
};

const CELLS: Record<Exclude<SalesColumnId, 'label'>, (row: SalesRow) => ReactNode> = {
  revenue: (row) => formatMoney(row.revenue),
  units: (row) => formatUnits(row.units),
  orders: (row) => formatUnits(row.orders),
  cost: (row) => formatMoney(row.cost),
  profit: (row) => formatMoney(row.profit),
  margin: (row) => formatMargin(row.margin),
  compare: (row) => (row.others ? '' : formatMoney(row.compareRevenue)),
  change: changeCell,
};

/**
 * The report's figures: one row per series (and Others) when grouped, else one per period, sortable. A row's
 * label opens the orders behind it (the Orders page over its days, by its customer or brand where it can).
 */
export default function SalesReportTable({
  report,
  rows,
  columns,
  loading,
  error,
  actions,
}: {
  report: SalesReport | undefined;
  rows: SalesRow[];
  columns: SalesColumn[];
  loading: boolean;
  /** The error state: what went wrong and a Retry. */
  error?: ReactNode;
  actions?: ReactNode;
}) {
  const follow = useFollow();
  const grouped = Boolean(report?.groupBy);
  const { items, collectionProps } = useCollection(rows, {
    sorting: {
      defaultState: grouped
        ? { sortingColumn: { sortingField: 'revenue' }, isDescending: true }
        : { sortingColumn: { sortingField: 'order' }, isDescending: false },
    },
  });
  const columnDefinitions: TableProps.ColumnDefinition<SalesRow>[] = columns.map((c) => ({
    id: c.id,
    header: c.id === 'label' ? labelHeader(report?.groupBy) : c.header,
    sortingField: c.sortingField,
    width: c.width,
    isRowHeader: c.id === 'label',
    cell:
      c.id === 'label'
        ? (row) =>
            row.others || !report ? (
              row.label
            ) : (
              <Link href={ordersHref(row, report)} onFollow={follow} ariaLabel={`Orders of ${row.label}`}>
                {row.label}
              </Link>
            )
        : CELLS[c.id],
  }));
  return (
    <Table<SalesRow>
      {...collectionProps}
      items={items}
      columnDefinitions={columnDefinitions}
      trackBy="key"
      loading={loading}
      loadingText={SALES_REPORT_TEXT.loading}
      resizableColumns
      wrapLines
      ariaLabels={{ tableLabel: 'Sales figures' }}
      empty={error ?? <TableEmptyState title={SALES_REPORT_TEXT.empty} subtitle={SALES_REPORT_TEXT.emptyDescription} />}
      header={
        <Header variant="h2" counter={report ? `(${rows.length})` : undefined} actions={actions}>
          {SALES_REPORT_TEXT.tableTitle}
        </Header>
      }
    />
  );
}
