import { useMemo, useState } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import { keepPreviousData } from '@tanstack/react-query';
import Button from '@cloudscape-design/components/button';
import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import Pagination from '@cloudscape-design/components/pagination';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { canSeeCosts } from '@bo/shared';
import { useCan } from '../../access/route-access';
import { useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import { cachedCells } from '../../components/cached-cell';
import ListPageHeader from '../../components/ListPageHeader';
import RangeFilterBar from '../../components/RangeFilterBar';
import { isFiltering } from '../../components/range-filter-config';
import TablePreferences, { tablePreferenceProps } from '../../components/TablePreferences';
import { TableEmptyState, TableNoMatchState } from '../../components/table-states';
import { useLocalStorage } from '../../components/use-local-storage';
import { formatDate, formatDay } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { PaymentStatusCell } from '../../components/orders/order-cells';
import { formatUnits } from '../../format/counts';
import { PurchaseOrderNumLink, PurchaseStatusCell } from './purchase-cells';
import { usePurchaseOrderDialogs } from './purchase-order-dialogs';
import {
  contentDisplayOptionsFor,
  DEFAULT_PREFERENCES,
  DEFAULT_RANGE,
  EMPTY_QUERY,
  FILTERING_PROPERTIES,
  filteringOptionsFor,
  listQueryFor,
  PAGE_SIZE_OPTIONS,
  PREFERENCES_STORAGE_KEY,
  PURCHASE_ORDER_COLUMNS,
  PURCHASES_TEXT,
  toPurchaseOrderRow,
  type PurchaseOrderColumnId,
  type PurchaseOrderRow,
} from './purchases-config';
import { useDateRange } from '../../components/use-date-range';
import { useProgressiveItems } from '../../components/use-progressive-items';

const EMPTY: PurchaseOrderRow[] = [];
const BRANDS_STALE_MS = 5 * 60_000;

/** Drawn from the row alone, once per row object. */
const CELLS = cachedCells<PurchaseOrderRow, PurchaseOrderColumnId>({
  purchaseOrderNum: (row) => <PurchaseOrderNumLink purchaseOrderNum={row.purchaseOrderNum} />,
  brandName: (row) => row.brandName,
  orderPlacedOn: (row) => formatDate(row.orderPlacedOn),
  expectedDeliveryOn: (row) => formatDay(row.expectedDeliveryOn),
  orderStatus: (row) => <PurchaseStatusCell status={row.orderStatus} />,
  paymentStatus: (row) => <PaymentStatusCell status={row.paymentStatus} />,
  unitQuantity: (row) => formatUnits(row.unitQuantity),
  lines: (row) => `${formatUnits(row.stockedLineCount)} / ${formatUnits(row.lineCount)}`,
  total: (row) => formatMoney(row.total),
});

/**
 * `/purchases`: purchase orders placed in a date range (`purchases.getAll`, last 90 days by default), filtered
 * by brand, status, payment and number, sorted and paged in the browser. A filter pinned to one brand or
 * status also narrows what the server reads.
 */
export default function PurchaseOrdersPage() {
  const { roles } = useSession();
  const can = useCan();
  const canCreate = can('purchases.new');
  const dialogs = usePurchaseOrderDialogs();
  const [preferences, setPreferences] = useLocalStorage(PREFERENCES_STORAGE_KEY, DEFAULT_PREFERENCES);

  const brands = useApiQuery('brands.getAll', {}, { staleTime: BRANDS_STALE_MS, select: (r) => r.res });
  const brandNames = useMemo(() => new Map((brands.data ?? []).map((b) => [b.id, b.name])), [brands.data]);
  const brandIds = useMemo(() => new Map((brands.data ?? []).map((b) => [b.name, b.id])), [brands.data]);

  const { range, interval, setRange } = useDateRange(DEFAULT_RANGE);
  const [filterQuery, setFilterQuery] = useState(EMPTY_QUERY);
  const listQuery = useMemo(
    () => (interval ? listQueryFor(interval, filterQuery, brandIds) : undefined),
    [interval, filterQuery, brandIds],
  );
  // A filter that narrows the server's read keeps the current rows on screen until the new ones arrive.
  const query = useApiQuery(
    'purchases.getAll',
    { query: listQuery ?? {} },
    { enabled: listQuery !== undefined, placeholderData: keepPreviousData },
  );
  const rows = useMemo(
    () => query.data?.map((o) => toPurchaseOrderRow(o, brandNames)) ?? EMPTY,
    [query.data, brandNames],
  );
  const showCost = canSeeCosts(roles) && rows.some((r) => r.total !== undefined);

  const { items, actions, filteredItemsCount, collectionProps, propertyFilterProps, paginationProps } = useCollection(
    rows,
    {
      propertyFiltering: { filteringProperties: FILTERING_PROPERTIES, defaultQuery: EMPTY_QUERY },
      pagination: { pageSize: preferences.pageSize ?? DEFAULT_PREFERENCES.pageSize },
      sorting: { defaultState: { sortingColumn: { sortingField: 'orderPlacedOn' }, isDescending: true } },
    },
  );
  const shownItems = useProgressiveItems(items);
  const filtering = isFiltering(propertyFilterProps.query);
  const filteringOptions = useMemo(() => filteringOptionsFor([...brandIds.keys()], rows), [brandIds, rows]);

  const changeRange = (value: DateRangePickerProps.Value | null) => {
    setRange(value);
    actions.setCurrentPage(1);
  };
  const clearFilter = () => {
    actions.setPropertyFiltering(EMPTY_QUERY);
    setFilterQuery(EMPTY_QUERY);
  };

  const columnDefinitions: TableProps.ColumnDefinition<PurchaseOrderRow>[] = PURCHASE_ORDER_COLUMNS.filter(
    (c) => showCost || !c.costOnly,
  ).map((c) => ({
    id: c.id,
    header: c.header,
    cell: CELLS[c.id],
    sortingField: c.sortingField,
    sortingComparator: c.sortingComparator,
    isRowHeader: c.id === 'purchaseOrderNum',
    width: c.width,
  }));

  const newButton = (variant?: 'primary') =>
    canCreate ? (
      <Button variant={variant} onClick={dialogs.newPurchaseOrder}>
        {PURCHASES_TEXT.newOrder}
      </Button>
    ) : undefined;

  const empty = query.isError ? (
    <TableEmptyState
      title={PURCHASES_TEXT.error}
      subtitle={query.error.message}
      action={<Button onClick={() => void query.refetch()}>Retry</Button>}
    />
  ) : filtering && rows.length > 0 ? (
    <TableNoMatchState onClearFilter={clearFilter} />
  ) : (
    <TableEmptyState
      title={PURCHASES_TEXT.empty}
      subtitle={interval ? PURCHASES_TEXT.emptyDescription : 'Choose a date range.'}
      action={newButton()}
    />
  );

  return (
    <Table<PurchaseOrderRow>
      {...collectionProps}
      items={shownItems}
      empty={empty}
      columnDefinitions={columnDefinitions}
      {...tablePreferenceProps(preferences)}
      trackBy="id"
      variant="full-page"
      stickyHeader
      resizableColumns
      enableKeyboardNavigation
      ariaLabels={{ tableLabel: 'Purchase orders' }}
      renderAriaLive={({ firstIndex, lastIndex, totalItemsCount }) =>
        `Displaying purchase orders ${firstIndex} to ${lastIndex} of ${totalItemsCount}`
      }
      loading={listQuery !== undefined && query.isPending}
      loadingText={PURCHASES_TEXT.loading}
      header={
        <ListPageHeader
          title="Purchase orders"
          counter={query.data ? rows.length : undefined}
          description="Purchase orders to brands placed in the chosen date range."
          refresh={{
            noun: 'purchase orders',
            loading: query.isRefetching,
            onRefresh: () => void query.refetch(),
          }}
          actions={newButton('primary')}
        />
      }
      filter={
        <RangeFilterBar
          filter={propertyFilterProps}
          onFilterChange={setFilterQuery}
          filteringOptions={filteringOptions}
          filteredItemsCount={filteredItemsCount}
          filterLabel="Filter purchase orders"
          filterPlaceholder={PURCHASES_TEXT.filterPlaceholder}
          range={range}
          onRangeChange={changeRange}
          rangeLabel="Placed between"
        />
      }
      pagination={<Pagination {...paginationProps} />}
      preferences={
        <TablePreferences
          preferences={preferences}
          defaults={DEFAULT_PREFERENCES}
          onChange={setPreferences}
          pageSizeOptions={PAGE_SIZE_OPTIONS}
          contentDisplayOptions={contentDisplayOptionsFor(showCost)}
        />
      }
    />
  );
}
