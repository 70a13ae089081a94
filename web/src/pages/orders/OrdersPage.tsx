import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Pagination from '@cloudscape-design/components/pagination';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
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
import { useModals } from '../../modals/context';
import { useNotifications } from '../../notifications/notifications';
import {
  contentDisplayOptionsFor,
  DEFAULT_PREFERENCES,
  DEFAULT_RANGE,
  EMPTY_QUERY,
  filteringOptionsFor,
  FILTERING_PROPERTIES,
  initialStateFromParams,
  NO_VIEWS,
  ORDER_COLUMNS,
  ORDERS_TEXT,
  PAGE_SIZE_OPTIONS,
  PREFERENCES_STORAGE_KEY,
  toOrderRow,
  upsertView,
  viewsStorageKey,
  type OrderColumnId,
  type OrderRow,
  type OrderView,
} from './orders-config';
import { OrderNumLink, OrderStatusCell, PaymentStatusCell } from '../../components/orders/order-cells';
import { formatDate, formatDay } from '../../format/dates';
import { formatUnits } from '../../format/counts';
import { formatMoney } from '../../format/money';
import { useDateRange } from '../../components/use-date-range';
import { useProgressiveItems } from '../../components/use-progressive-items';

const EMPTY: OrderRow[] = [];

/** Drawn from the row alone, once per row object. */
const CELLS = cachedCells<OrderRow, OrderColumnId>({
  orderNum: (row) => <OrderNumLink orderNum={row.orderNum} />,
  customerName: (row) => row.customerName,
  orderStatus: (row) => <OrderStatusCell status={row.orderStatus} onHold={row.creditHoldState === 'ON_HOLD'} />,
  paymentStatus: (row) => <PaymentStatusCell status={row.paymentStatus} />,
  createdAt: (row) => formatDate(row.createdAt),
  deliveryDate: (row) => formatDay(row.deliveryDate),
  fulfilment: (row) => row.fulfilment,
  unitQuantity: (row) => formatUnits(row.unitQuantity),
  subtotal: (row) => formatMoney(row.subtotal),
  total: (row) => formatMoney(row.total),
  balanceDue: (row) => formatMoney(row.balanceDue),
  cost: (row) => formatMoney(row.cost),
});

/**
 * `/orders`: the sales orders created in a date range (`orders.getByWeek`, last 30 days by default),
 * filtered, sorted and paged in the browser. Views (filter + range) are saved per user in this browser.
 */
export default function OrdersPage() {
  const session = useSession();
  const { openModal } = useModals();
  const notify = useNotifications();
  const canCreate = useCan()('orders.new');
  const [preferences, setPreferences] = useLocalStorage(PREFERENCES_STORAGE_KEY, DEFAULT_PREFERENCES);
  const [stored, setStored] = useLocalStorage(viewsStorageKey(session.userId), NO_VIEWS);
  const views = stored.views;

  // A link (the Sales report's rows) may open the list over given days, filtered by customer or brand.
  const [params] = useSearchParams();
  const [linked] = useState(() => initialStateFromParams(params));
  const { range, interval, setRange } = useDateRange(linked.range ?? DEFAULT_RANGE);
  const query = useApiQuery(
    'orders.getByWeek',
    { params: { fromISO: interval?.from ?? '-', toISO: interval?.to ?? '-' } },
    { enabled: interval !== null },
  );
  const rows = useMemo(() => query.data?.map(toOrderRow) ?? EMPTY, [query.data]);
  const showCost = canSeeCosts(session.roles) && rows.some((r) => r.cost !== undefined);

  const [viewName, setViewName] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);

  const { items, actions, filteredItemsCount, collectionProps, propertyFilterProps, paginationProps } = useCollection(
    rows,
    {
      propertyFiltering: { filteringProperties: FILTERING_PROPERTIES, defaultQuery: linked.query },
      pagination: { pageSize: preferences.pageSize ?? DEFAULT_PREFERENCES.pageSize },
      sorting: {
        defaultState: {
          sortingColumn: { sortingField: 'createdAt' },
          isDescending: true,
        },
      },
    },
  );
  const shownItems = useProgressiveItems(items);
  const filtering = isFiltering(propertyFilterProps.query);
  const filteringOptions = useMemo(() => filteringOptionsFor(rows), [rows]);

  const changeRange = (value: DateRangePickerProps.Value | null) => {
    setRange(value);
    setViewName(null);
    actions.setCurrentPage(1);
  };
  const clearFilter = () => {
    actions.setPropertyFiltering(EMPTY_QUERY);
    setViewName(null);
  };
  const applyView = (view: OrderView) => {
    setViewName(view.name);
    actions.setPropertyFiltering(view.query);
    if (view.range) {
      setRange(view.range);
    }
  };
  const saveView = (name: string) => {
    setStored({ views: upsertView(views, { name, query: propertyFilterProps.query, range }) });
    setViewName(name.trim());
    setSaving(null);
    notify.success(`View "${name.trim()}" saved`);
  };
  const deleteView = (name: string) =>
    openModal('Confirmation', {
      title: 'Delete saved view',
      message: (
        <>
          Delete the saved view <b>{name}</b>?
        </>
      ),
      confirmLabel: 'Delete',
      onConfirm: () => {
        setStored({ views: views.filter((v) => v.name !== name) });
        setViewName(null);
      },
    });
  const newOrder = () => openModal('NewOrder', {});

  const columnDefinitions: TableProps.ColumnDefinition<OrderRow>[] = ORDER_COLUMNS.filter(
    (c) => showCost || !c.costOnly,
  ).map((c) => ({
    id: c.id,
    header: c.header,
    cell: CELLS[c.id],
    sortingField: c.sortingField,
    sortingComparator: c.sortingComparator,
    isRowHeader: c.id === 'orderNum',
    width: c.width,
    minWidth: c.minWidth,
  }));

  const empty = query.isError ? (
    <TableEmptyState
      title={ORDERS_TEXT.error}
      subtitle={query.error.message}
      action={<Button onClick={() => void query.refetch()}>Retry</Button>}
    />
  ) : filtering && rows.length > 0 ? (
    <TableNoMatchState onClearFilter={clearFilter} />
  ) : (
    <TableEmptyState
      title={ORDERS_TEXT.empty}
      subtitle={interval ? ORDERS_TEXT.emptyDescription : 'Choose a date range.'}
      action={canCreate ? <Button onClick={newOrder}>New order</Button> : undefined}
    />
  );

  const viewOptions = views.map((v) => ({ value: v.name, label: v.name }));

  return (
    <>
      <Table<OrderRow>
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
        ariaLabels={{ tableLabel: 'Orders' }}
        renderAriaLive={({ firstIndex, lastIndex, totalItemsCount }) =>
          `Displaying orders ${firstIndex} to ${lastIndex} of ${totalItemsCount}`
        }
        loading={interval !== null && query.isPending}
        loadingText={ORDERS_TEXT.loading}
        header={
          <ListPageHeader
            title="Orders"
            counter={query.data ? rows.length : undefined}
            description="Sales orders created in the chosen date range. Order numbers open the order in a new tab."
            refresh={{ noun: 'orders', loading: query.isRefetching, onRefresh: () => void query.refetch() }}
            actions={
              canCreate && (
                <Button variant="primary" onClick={newOrder}>
                  New order
                </Button>
              )
            }
          />
        }
        filter={
          <RangeFilterBar
            filter={propertyFilterProps}
            onFilterChange={() => setViewName(null)}
            filteringOptions={filteringOptions}
            filteredItemsCount={filteredItemsCount}
            filterLabel="Filter orders"
            filterPlaceholder={ORDERS_TEXT.filterPlaceholder}
            range={range}
            onRangeChange={changeRange}
            rangeLabel="Created between"
          >
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <Select
                data-testid="saved-views"
                selectedOption={viewName ? { value: viewName, label: viewName } : null}
                options={viewOptions}
                placeholder="Saved views"
                ariaLabel="Saved views"
                empty="No saved views"
                expandToViewport
                onChange={({ detail }) => {
                  const view = views.find((v) => v.name === detail.selectedOption.value);
                  if (view) applyView(view);
                }}
              />
              <Button
                variant="icon"
                iconName="remove"
                ariaLabel="Delete saved view"
                disabled={!viewName}
                onClick={() => viewName && deleteView(viewName)}
              />
              <Button onClick={() => setSaving(viewName ?? '')}>Save view</Button>
            </SpaceBetween>
          </RangeFilterBar>
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
      {saving !== null && <SaveViewModal initialName={saving} onSave={saveView} onDismiss={() => setSaving(null)} />}
    </>
  );
}

/** Names the current filter and date range as a view (Enter saves). */
function SaveViewModal({
  initialName,
  onSave,
  onDismiss,
}: {
  initialName: string;
  onSave: (name: string) => void;
  onDismiss: () => void;
}) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    if (!name.trim()) return setError('View name is required');
    if (name.trim().length > 80) return setError('Must be at most 80 characters');
    onSave(name);
  };
  return (
    <Modal
      visible
      size="small"
      header="Save view"
      onDismiss={onDismiss}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Cancel
            </Button>
            <Button variant="primary" onClick={submit}>
              Save
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <FormField
          label="View name"
          description="Saves the filter and the date range in this browser. A view with the same name is replaced."
          errorText={error}
        >
          <Input value={name} onChange={({ detail }) => setName(detail.value)} ariaLabel="View name" autoFocus />
        </FormField>
      </form>
    </Modal>
  );
}
