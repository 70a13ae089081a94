import { useEffect, useMemo, useRef, useState } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import { keepPreviousData } from '@tanstack/react-query';
import Button from '@cloudscape-design/components/button';
import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import Link from '@cloudscape-design/components/link';
import Pagination from '@cloudscape-design/components/pagination';
import type { PropertyFilterProps } from '@cloudscape-design/components/property-filter';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useApiQuery } from '../../api/hooks';
import { cachedCells } from '../../components/cached-cell';
import ListPageHeader from '../../components/ListPageHeader';
import RangeFilterBar from '../../components/RangeFilterBar';
import { isFiltering } from '../../components/range-filter-config';
import TablePreferences, { tablePreferenceProps } from '../../components/TablePreferences';
import { TableEmptyState, TableNoMatchState } from '../../components/table-states';
import { useLocalStorage } from '../../components/use-local-storage';
import { formatDay } from '../../format/dates';
import { formatMoney } from '../../format/money';
import {
  AppliedOrdersCell,
  EditPaymentButton,
  PaymentAmountCell,
  paymentMethodText,
} from '../../components/payments/payment-cells';
import { PAYMENT_ACTIONS_TEXT, usePaymentDialogs } from '../../components/payments/payment-dialogs';
import {
  contentDisplayOptionsFor,
  DEFAULT_PREFERENCES,
  DEFAULT_RANGE,
  EMPTY_QUERY,
  FILTERING_PROPERTIES,
  filteringOptionsFor,
  listQueryFor,
  PAGE_SIZE_OPTIONS,
  PAYMENT_COLUMNS,
  PAYMENTS_TEXT,
  PREFERENCES_STORAGE_KEY,
  toPaymentRow,
  withCustomerToken,
  type PaymentColumnId,
  type PaymentRow,
} from './payments-config';
import { useDateRange } from '../../components/use-date-range';
import { useProgressiveItems } from '../../components/use-progressive-items';

const EMPTY: PaymentRow[] = [];

/**
 * `/payments`: payments made in a date range (`payments.getAll`, the last 30 days by default), filtered by
 * customer, method, order number and notes, sorted and paged in the browser. A filter pinned to one customer
 * also narrows what the server reads. SALES and ADMIN record and edit payments here; PAYROLL reads them.
 */
export default function PaymentsPage() {
  const dialogs = usePaymentDialogs();
  const [preferences, setPreferences] = useLocalStorage(PREFERENCES_STORAGE_KEY, DEFAULT_PREFERENCES);

  const { range, interval, setRange } = useDateRange(DEFAULT_RANGE);
  const [filterQuery, setFilterQuery] = useState<PropertyFilterProps.Query>(EMPTY_QUERY);
  // Customers' ids by name, from every payment seen on this page (a narrowed answer holds the pinned one too).
  const [customerIds, setCustomerIds] = useState<ReadonlyMap<string, string>>(new Map());
  const listQuery = useMemo(
    () => (interval ? listQueryFor(interval, filterQuery, customerIds) : undefined),
    [interval, filterQuery, customerIds],
  );
  const query = useApiQuery(
    'payments.getAll',
    { query: listQuery ?? {} },
    { enabled: listQuery !== undefined, placeholderData: keepPreviousData },
  );
  const rows = useMemo(() => query.data?.map(toPaymentRow) ?? EMPTY, [query.data]);
  if (rows.some((r) => !customerIds.has(r.customerName))) {
    setCustomerIds(new Map([...rows.map((r) => [r.customerName, r.customerId] as const), ...customerIds]));
  }

  const { items, actions, filteredItemsCount, collectionProps, propertyFilterProps, paginationProps } = useCollection(
    rows,
    {
      propertyFiltering: { filteringProperties: FILTERING_PROPERTIES, defaultQuery: EMPTY_QUERY },
      pagination: { pageSize: preferences.pageSize ?? DEFAULT_PREFERENCES.pageSize },
      sorting: { defaultState: { sortingColumn: { sortingField: 'paymentDate' }, isDescending: true } },
    },
  );
  const shownItems = useProgressiveItems(items);
  const filtering = isFiltering(propertyFilterProps.query);
  const filteringOptions = useMemo(() => filteringOptionsFor(rows), [rows]);

  const setFilter = (next: PropertyFilterProps.Query) => {
    actions.setPropertyFiltering(next);
    setFilterQuery(next);
  };
  const changeRange = (value: DateRangePickerProps.Value | null) => {
    setRange(value);
    actions.setCurrentPage(1);
  };

  // The cells are drawn once per row (cachedCells); their handlers read the latest filter and dialogs.
  const latest = useRef({ setFilter, query: propertyFilterProps.query, editPayment: dialogs.editPayment });
  useEffect(() => {
    latest.current = { setFilter, query: propertyFilterProps.query, editPayment: dialogs.editPayment };
  });
  const cells = useMemo(
    () =>
      cachedCells<PaymentRow, PaymentColumnId>({
        paymentDate: (row) => formatDay(row.paymentDate),
        customerName: (row) => (
          <Link
            onFollow={() => latest.current.setFilter(withCustomerToken(latest.current.query, row.customerName))}
            ariaLabel={`Show only the payments of ${row.customerName}`}
          >
            {row.customerName}
          </Link>
        ),
        paymentMethod: paymentMethodText,
        amount: (row) => <PaymentAmountCell payment={row} />,
        orders: (row) => <AppliedOrdersCell payment={row} />,
        customerCreditDeducted: (row) => formatMoney(row.customerCreditDeducted),
        customerCreditAdded: (row) => formatMoney(row.customerCreditAdded),
        notes: (row) => row.notes || '-',
        actions: (row) => <EditPaymentButton payment={row} onEdit={(id) => latest.current.editPayment(id)} />,
      }),
    [],
  );
  const columnDefinitions: TableProps.ColumnDefinition<PaymentRow>[] = PAYMENT_COLUMNS.filter(
    (c) => dialogs.canEdit || !c.editOnly,
  ).map((c) => ({
    id: c.id,
    header: c.header,
    cell: cells[c.id],
    sortingField: c.sortingField,
    isRowHeader: c.id === 'paymentDate',
    width: c.width,
  }));

  const recordButton = (variant?: 'primary') =>
    dialogs.canRecord ? (
      <Button variant={variant} onClick={() => dialogs.recordPayment()}>
        {PAYMENT_ACTIONS_TEXT.record}
      </Button>
    ) : undefined;

  const empty = query.isError ? (
    <TableEmptyState
      title={PAYMENTS_TEXT.error}
      subtitle={query.error.message}
      action={<Button onClick={() => void query.refetch()}>Retry</Button>}
    />
  ) : filtering && rows.length > 0 ? (
    <TableNoMatchState onClearFilter={() => setFilter(EMPTY_QUERY)} />
  ) : (
    <TableEmptyState
      title={PAYMENTS_TEXT.empty}
      subtitle={interval ? PAYMENTS_TEXT.emptyDescription : 'Choose a date range.'}
      action={recordButton()}
    />
  );

  return (
    <Table<PaymentRow>
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
      stickyColumns={{ first: 1, last: dialogs.canEdit ? 1 : 0 }}
      ariaLabels={{ tableLabel: 'Payments' }}
      renderAriaLive={({ firstIndex, lastIndex, totalItemsCount }) =>
        `Displaying payments ${firstIndex} to ${lastIndex} of ${totalItemsCount}`
      }
      loading={listQuery !== undefined && query.isPending}
      loadingText={PAYMENTS_TEXT.loading}
      header={
        <ListPageHeader
          title="Payments"
          counter={query.data ? rows.length : undefined}
          description="Customer payments made in the chosen date range and the orders they paid."
          refresh={{ noun: 'payments', loading: query.isRefetching, onRefresh: () => void query.refetch() }}
          actions={recordButton('primary')}
        />
      }
      filter={
        <RangeFilterBar
          filter={propertyFilterProps}
          onFilterChange={setFilterQuery}
          filteringOptions={filteringOptions}
          filteredItemsCount={filteredItemsCount}
          filterLabel="Filter payments"
          filterPlaceholder={PAYMENTS_TEXT.filterPlaceholder}
          range={range}
          onRangeChange={changeRange}
          rangeLabel="Paid between"
        />
      }
      pagination={<Pagination {...paginationProps} />}
      preferences={
        <TablePreferences
          preferences={preferences}
          defaults={DEFAULT_PREFERENCES}
          onChange={setPreferences}
          pageSizeOptions={PAGE_SIZE_OPTIONS}
          contentDisplayOptions={contentDisplayOptionsFor(dialogs.canEdit)}
        />
      }
    />
  );
}
