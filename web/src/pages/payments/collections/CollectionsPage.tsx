import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Pagination from '@cloudscape-design/components/pagination';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { COLLECTION_STATUSES, type Collection, type CollectionStatus } from '@bo/shared';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import {
  COLLECTION_STATUS_LABELS,
  CollectionStatusCell,
  collectionMethodText,
} from '../../../components/deliveries/delivery-display';
import ListPageHeader from '../../../components/ListPageHeader';
import { OrderNumLink } from '../../../components/orders/order-cells';
import { TableEmptyState } from '../../../components/table-states';
import DayPicker from '../../../components/DayPicker';
import { formatDateTime, formatDay } from '../../../format/dates';
import { formatMoney } from '../../../format/money';
import { useModals } from '../../../modals/context';
import { useNotifications } from '../../../notifications/notifications';
import {
  COLLECTION_COLUMNS,
  COLLECTION_DECISION_ROUTES,
  COLLECTIONS_TEXT as TEXT,
  collectionFiltersOf,
  PAGE_SIZE,
  paramsOfCollectionFilters,
  type CollectionColumnId,
  type CollectionFilters,
} from './collections-config';

const EMPTY: Collection[] = [];

/**
 * `/payments/collections` (issue 26; SALES and ADMIN): money drivers collected at the door
 * (`deliveries.collections`), waiting ones by default, optionally of one day (both filters in the address). A
 * waiting collection is confirmed (`deliveries.confirmCollection`: it becomes a payment on its order; refused with
 * the server's reason when the order's balance changed since) or rejected with a reason.
 */
export default function CollectionsPage() {
  const { openModal } = useModals();
  const notify = useNotifications();
  const [params, setParams] = useSearchParams();
  const filters = collectionFiltersOf(params);
  const setFilters = (next: Partial<CollectionFilters>) =>
    setParams(paramsOfCollectionFilters({ ...filters, ...next }), { replace: true });

  const query = useApiQuery('deliveries.collections', {
    query: { status: filters.status, ...(filters.day ? { day: filters.day } : {}) },
  });
  const confirm = useApiMutation('deliveries.confirmCollection', { invalidates: COLLECTION_DECISION_ROUTES });
  const rows = query.data ?? EMPTY;
  const { items, collectionProps, paginationProps } = useCollection(rows, {
    pagination: { pageSize: PAGE_SIZE },
    sorting: {},
  });

  const confirmCollection = (c: Collection) =>
    openModal('Confirmation', {
      title: TEXT.confirmTitle,
      message: (
        <>
          Record <b>{formatMoney(c.amount)}</b> ({collectionMethodText(c)}) collected by {c.driverName ?? 'the driver'}{' '}
          for order <b>{c.orderNum}</b> ({c.customerName}) as a payment? The order owed{' '}
          {formatMoney(c.balanceAtCollection)} when it was collected.
        </>
      ),
      confirmLabel: TEXT.confirm,
      onConfirm: async () => {
        await confirm.mutateAsync({ params: { id: c.id } });
        notify.success(TEXT.confirmed(c.orderNum));
      },
    });
  const rejectCollection = (collection: Collection) => openModal('RejectCollection', { collection });

  const cells: Record<CollectionColumnId, (c: Collection) => ReactNode> = {
    driverName: (c) => c.driverName ?? c.driverId,
    day: (c) => formatDay(c.day),
    orderNum: (c) => <OrderNumLink orderNum={c.orderNum} />,
    customerName: (c) => c.customerName,
    method: collectionMethodText,
    amount: (c) => formatMoney(c.amount),
    balanceAtCollection: (c) => formatMoney(c.balanceAtCollection),
    actions: (c) =>
      c.status === 'PENDING' ? (
        <SpaceBetween direction="horizontal" size="xs">
          <Button onClick={() => confirmCollection(c)} ariaLabel={`Confirm collection for order ${c.orderNum}`}>
            {TEXT.confirm}
          </Button>
          <Button onClick={() => rejectCollection(c)} ariaLabel={`Reject collection for order ${c.orderNum}`}>
            {TEXT.reject}
          </Button>
        </SpaceBetween>
      ) : (
        <SpaceBetween size="xxxs">
          <CollectionStatusCell status={c.status} />
          <Box color="text-body-secondary" fontSize="body-s">
            {[c.decidedAt && formatDateTime(c.decidedAt), c.rejectReason].filter(Boolean).join(': ') || '-'}
          </Box>
        </SpaceBetween>
      ),
  };
  const columnDefinitions: TableProps.ColumnDefinition<Collection>[] = COLLECTION_COLUMNS.map((col) => ({
    id: col.id,
    header: col.id === 'actions' && filters.status !== 'PENDING' ? TEXT.decided : col.header,
    cell: cells[col.id],
    sortingField: col.sortingField,
    isRowHeader: col.id === 'orderNum',
    minWidth: col.minWidth,
  }));

  const statusOptions = useMemo(
    () => COLLECTION_STATUSES.map((s: CollectionStatus) => ({ id: s, text: COLLECTION_STATUS_LABELS[s] })),
    [],
  );

  return (
    <Table<Collection>
      {...collectionProps}
      items={items}
      columnDefinitions={columnDefinitions}
      trackBy="id"
      variant="full-page"
      stickyHeader
      stickyColumns={{ first: 0, last: 1 }}
      wrapLines
      ariaLabels={{ tableLabel: TEXT.title }}
      loading={query.isPending}
      loadingText={TEXT.loading}
      empty={
        query.isError ? (
          <TableEmptyState
            title={TEXT.error}
            subtitle={query.error.message}
            action={<Button onClick={() => void query.refetch()}>{TEXT.retry}</Button>}
          />
        ) : (
          <TableEmptyState title={TEXT.empty} subtitle={TEXT.emptyDescription(filters.status)} />
        )
      }
      header={
        <ListPageHeader
          title={TEXT.title}
          counter={query.data ? rows.length : undefined}
          description={TEXT.description}
          refresh={{ noun: 'collections', loading: query.isRefetching, onRefresh: () => void query.refetch() }}
        />
      }
      filter={
        <SpaceBetween direction="horizontal" size="l" alignItems="end">
          <FormField label={TEXT.status}>
            <SegmentedControl
              label={TEXT.status}
              selectedId={filters.status}
              options={statusOptions}
              onChange={({ detail }) => setFilters({ status: detail.selectedId as CollectionStatus })}
            />
          </FormField>
          <FormField label={TEXT.day}>
            <SpaceBetween direction="horizontal" size="xs">
              <DayPicker value={filters.day} onChange={(day) => setFilters({ day })} ariaLabel={TEXT.day} clearable />
              <Button onClick={() => setFilters({ day: '' })} disabled={!filters.day}>
                {TEXT.anyDay}
              </Button>
            </SpaceBetween>
          </FormField>
        </SpaceBetween>
      }
      pagination={<Pagination {...paginationProps} />}
    />
  );
}
