import { useMemo } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import { keepPreviousData } from '@tanstack/react-query';
import Button from '@cloudscape-design/components/button';
import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import Pagination from '@cloudscape-design/components/pagination';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useApiQuery } from '../../../api/hooks';
import { cachedCells } from '../../../components/cached-cell';
import ListPageHeader from '../../../components/ListPageHeader';
import RangeFilterBar from '../../../components/RangeFilterBar';
import { isFiltering } from '../../../components/range-filter-config';
import { returnCells, returnColumnHeader, type ReturnColumnId } from '../../../components/returns/return-cells';
import { carriesMoney } from '../../../components/returns/return-display';
import { useReturnDialogs } from '../../../components/returns/return-dialogs';
import TablePreferences, { tablePreferenceProps } from '../../../components/TablePreferences';
import { TableEmptyState, TableNoMatchState } from '../../../components/table-states';
import { useDateRange } from '../../../components/use-date-range';
import { useLocalStorage } from '../../../components/use-local-storage';
import { useProgressiveItems } from '../../../components/use-progressive-items';
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
  RETURN_PAGE_COLUMNS,
  RETURNS_TEXT,
  toReturnRow,
  type ReturnRow,
} from './returns-config';

const EMPTY: ReturnRow[] = [];

/**
 * `/returns` (issue 23, section 3): the returns made in a date range (`returns.getAll`, the last 30 days by
 * default), filtered by customer, order, credit note, products, settlement and restock state, sorted and paged in
 * the browser; each with its order's link and credit note PDF. INVENTORY reads them without money and, with
 * ADMIN, confirms restocked units back on the shelf from here.
 */
export default function ReturnsPage() {
  const dialogs = useReturnDialogs();
  const [preferences, setPreferences] = useLocalStorage(PREFERENCES_STORAGE_KEY, DEFAULT_PREFERENCES);
  const { range, interval, setRange } = useDateRange(DEFAULT_RANGE);
  const listQuery = useMemo(() => (interval ? listQueryFor(interval) : undefined), [interval]);
  const query = useApiQuery(
    'returns.getAll',
    { query: listQuery ?? {} },
    { enabled: listQuery !== undefined, placeholderData: keepPreviousData },
  );
  const rows = useMemo(() => query.data?.map(toReturnRow) ?? EMPTY, [query.data]);
  const money = rows.some(carriesMoney);

  const { items, actions, filteredItemsCount, collectionProps, propertyFilterProps, paginationProps } = useCollection(
    rows,
    {
      propertyFiltering: { filteringProperties: FILTERING_PROPERTIES, defaultQuery: EMPTY_QUERY },
      pagination: { pageSize: preferences.pageSize ?? DEFAULT_PREFERENCES.pageSize },
      sorting: { defaultState: { sortingColumn: { sortingField: 'createdAt' }, isDescending: true } },
    },
  );
  const shownItems = useProgressiveItems(items);
  const filtering = isFiltering(propertyFilterProps.query);
  const filteringOptions = useMemo(() => filteringOptionsFor(rows), [rows]);

  const onConfirm = dialogs.canConfirm ? dialogs.confirmRestock : undefined;
  const cells = useMemo(() => cachedCells<ReturnRow, ReturnColumnId>(returnCells({ onConfirm })), [onConfirm]);
  const columnDefinitions: TableProps.ColumnDefinition<ReturnRow>[] = RETURN_PAGE_COLUMNS.map((c) => ({
    id: c.id,
    header: returnColumnHeader(c.id, money),
    cell: cells[c.id],
    sortingField: c.sortingField,
    isRowHeader: c.id === 'creditNoteDated',
    width: c.width,
  }));

  const changeRange = (value: DateRangePickerProps.Value | null) => {
    setRange(value);
    actions.setCurrentPage(1);
  };

  const empty = query.isError ? (
    <TableEmptyState
      title={RETURNS_TEXT.error}
      subtitle={query.error.message}
      action={<Button onClick={() => void query.refetch()}>Retry</Button>}
    />
  ) : filtering && rows.length > 0 ? (
    <TableNoMatchState onClearFilter={() => actions.setPropertyFiltering(EMPTY_QUERY)} />
  ) : (
    <TableEmptyState
      title={RETURNS_TEXT.empty}
      subtitle={interval ? RETURNS_TEXT.emptyDescription : RETURNS_TEXT.chooseRange}
    />
  );

  return (
    <Table<ReturnRow>
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
      stickyColumns={{ first: 1 }}
      ariaLabels={{ tableLabel: RETURNS_TEXT.title }}
      renderAriaLive={({ firstIndex, lastIndex, totalItemsCount }) =>
        `Displaying returns ${firstIndex} to ${lastIndex} of ${totalItemsCount}`
      }
      loading={listQuery !== undefined && query.isPending}
      loadingText={RETURNS_TEXT.loading}
      header={
        <ListPageHeader
          title={RETURNS_TEXT.title}
          counter={query.data ? rows.length : undefined}
          description={RETURNS_TEXT.description}
          refresh={{ noun: 'returns', loading: query.isRefetching, onRefresh: () => void query.refetch() }}
        />
      }
      filter={
        <RangeFilterBar
          filter={propertyFilterProps}
          filteringOptions={filteringOptions}
          filteredItemsCount={filteredItemsCount}
          filterLabel={RETURNS_TEXT.filterLabel}
          filterPlaceholder={RETURNS_TEXT.filterPlaceholder}
          range={range}
          onRangeChange={changeRange}
          rangeLabel={RETURNS_TEXT.rangeLabel}
        />
      }
      pagination={<Pagination {...paginationProps} />}
      preferences={
        <TablePreferences
          preferences={preferences}
          defaults={DEFAULT_PREFERENCES}
          onChange={setPreferences}
          pageSizeOptions={PAGE_SIZE_OPTIONS}
          contentDisplayOptions={contentDisplayOptionsFor(money)}
        />
      }
    />
  );
}
