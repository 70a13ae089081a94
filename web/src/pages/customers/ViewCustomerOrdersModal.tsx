import { useMemo, useState } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import Pagination from '@cloudscape-design/components/pagination';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { owedBalance, toCents, toDollars, type OrderSummary } from '@bo/shared';
import { useApiQuery } from '../../api/hooks';
import { TableEmptyState } from '../../components/table-states';
import { OrderNumLink, OrderStatusCell, PaymentStatusCell } from '../../components/orders/order-cells';
import { byOrderNum, byOrderStatus, byPaymentStatus } from '../../components/orders/order-display';
import { formatUnits } from '../../format/counts';
import { formatDate, formatDay } from '../../format/dates';
import { formatMoney } from '../../format/money';
import CustomerPaymentsSection from '../../components/payments/CustomerPaymentsSection';
import { DEFAULT_QUICK_RANGE, QUICK_RANGES, quickRange, type QuickRangeId } from '../../format/date-ranges';

export interface ViewCustomerOrdersModalProps {
  customerId: string;
  customerName: string;
}

declare module '../../modals/context' {
  interface ModalPropsByName {
    ViewCustomerOrders: ViewCustomerOrdersModalProps;
  }
}

export const VIEW_ORDERS_TEXT = {
  title: 'View Orders',
  loading: 'Loading orders',
  error: 'Error loading orders',
  empty: 'No orders found',
} as const;

const PAGE_SIZE = 20;
const EMPTY: OrderSummary[] = [];

/** Sums dollars in cents, so the totals add up exactly. */
const sum = (rows: readonly OrderSummary[], pick: (o: OrderSummary) => number): number =>
  toDollars(rows.reduce((acc, o) => acc + toCents(pick(o)), 0));

export interface OrderTotals {
  count: number;
  units: number;
  total: number;
  balanceDue: number;
}
export const orderTotals = (rows: readonly OrderSummary[]): OrderTotals => ({
  count: rows.length,
  units: rows.reduce((acc, o) => acc + o.unitQuantity, 0),
  total: sum(rows, (o) => o.total),
  balanceDue: sum(rows, owedBalance),
});

const COLUMNS: TableProps.ColumnDefinition<OrderSummary>[] = [
  {
    id: 'orderNum',
    header: 'Order #',
    cell: (o) => <OrderNumLink orderNum={o.orderNum} />,
    sortingField: 'orderNum',
    sortingComparator: byOrderNum,
    isRowHeader: true,
  },
  { id: 'createdAt', header: 'Ordered', cell: (o) => formatDate(o.createdAt), sortingField: 'createdAt' },
  { id: 'deliveryDate', header: 'Delivery', cell: (o) => formatDay(o.deliveryDate), sortingField: 'deliveryDate' },
  {
    id: 'orderStatus',
    header: 'Status',
    cell: (o) => <OrderStatusCell status={o.orderStatus} />,
    sortingField: 'orderStatus',
    sortingComparator: byOrderStatus,
  },
  {
    id: 'paymentStatus',
    header: 'Payment',
    cell: (o) => <PaymentStatusCell status={o.paymentStatus} />,
    sortingField: 'paymentStatus',
    sortingComparator: byPaymentStatus,
  },
  { id: 'unitQuantity', header: 'Units', cell: (o) => formatUnits(o.unitQuantity), sortingField: 'unitQuantity' },
  { id: 'total', header: 'Total', cell: (o) => formatMoney(o.total), sortingField: 'total' },
  {
    id: 'balanceDue',
    header: 'Balance due',
    // What it owes: a draft, cancelled or refunded order owes nothing (the same rule as Receivables).
    cell: (o) => formatMoney(owedBalance(o)),
    sortingField: 'balanceDue',
    sortingComparator: (a, b) => owedBalance(a) - owedBalance(b),
  },
];

/**
 * Registry `ViewCustomerOrders` (title 'View Orders'): a customer's order history (`customers.getAllOrders`)
 * over the last 90 days by default, with the spec's quick ranges, and the totals of the range; below, the
 * customer's payments and available credit (issue 13).
 */
export default function ViewCustomerOrdersModal({
  customerId,
  customerName,
  onDismiss,
}: ViewCustomerOrdersModalProps & { onDismiss: () => void }) {
  const [rangeId, setRangeId] = useState<QuickRangeId>(DEFAULT_QUICK_RANGE);
  // The range is computed when chosen (not on every render), so its query key stays put.
  const [interval, setInterval] = useState(() => quickRange(DEFAULT_QUICK_RANGE, new Date()));
  const query = useApiQuery(
    'customers.getAllOrders',
    { params: { customerId }, query: { from: interval.from, to: interval.to } },
    { select: (r) => r.res },
  );
  const orders = query.data ?? EMPTY;
  const totals = useMemo(() => orderTotals(orders), [orders]);

  const { items, collectionProps, paginationProps, actions } = useCollection(orders, {
    pagination: { pageSize: PAGE_SIZE },
    sorting: { defaultState: { sortingColumn: COLUMNS[1]!, isDescending: true } },
  });

  const choose = (id: QuickRangeId) => {
    setRangeId(id);
    setInterval(quickRange(id, new Date()));
    actions.setCurrentPage(1);
  };

  return (
    <Modal
      visible
      size="max"
      header={VIEW_ORDERS_TEXT.title}
      onDismiss={onDismiss}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onDismiss}>
            Close
          </Button>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box variant="h3" tagOverride="h2">
          {customerName}
        </Box>
        <SpaceBetween direction="horizontal" size="m" alignItems="center">
          <SegmentedControl
            label="Date range"
            selectedId={rangeId}
            onChange={({ detail }) => choose(detail.selectedId as QuickRangeId)}
            options={QUICK_RANGES.map((r) => ({ id: r.id, text: r.label }))}
          />
          <Box color="text-body-secondary" data-testid="customer-orders-range">
            {formatDate(interval.from)} – {formatDate(interval.to)}
          </Box>
        </SpaceBetween>
        <Table<OrderSummary>
          {...collectionProps}
          variant="container"
          items={items}
          trackBy="id"
          columnDefinitions={COLUMNS}
          ariaLabels={{ tableLabel: `Orders of ${customerName}` }}
          loading={query.isPending}
          loadingText={VIEW_ORDERS_TEXT.loading}
          contentDensity="compact"
          stripedRows
          empty={
            query.isError ? (
              <TableEmptyState
                title={VIEW_ORDERS_TEXT.error}
                subtitle={query.error.message}
                action={<Button onClick={() => void query.refetch()}>Retry</Button>}
              />
            ) : (
              <TableEmptyState title={VIEW_ORDERS_TEXT.empty} subtitle="No orders in this date range." />
            )
          }
          pagination={orders.length > PAGE_SIZE ? <Pagination {...paginationProps} /> : undefined}
        />
        {query.data && (
          <div data-testid="customer-orders-totals">
            <KeyValuePairs
              columns={4}
              items={[
                { label: 'Orders', value: totals.count.toLocaleString('en-US') },
                { label: 'Units', value: formatUnits(totals.units) },
                { label: 'Total', value: formatMoney(totals.total) },
                { label: 'Balance due', value: formatMoney(totals.balanceDue) },
              ]}
            />
          </div>
        )}
        <CustomerPaymentsSection customerId={customerId} customerName={customerName} />
      </SpaceBetween>
    </Modal>
  );
}
