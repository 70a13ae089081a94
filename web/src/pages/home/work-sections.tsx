import Box from '@cloudscape-design/components/box';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import {
  periodLabel,
  type DeliveriesSection,
  type InventorySection,
  type PayrollSection,
  type PurchasingSection,
} from '@bo/shared';
import { DRIVER_APP_PATH } from '../../access/pages';
import { OrderNumLink, OrderStatusCell } from '../../components/orders/order-cells';
import { LIMIT_LABELS } from '../../components/stock-limits';
import { formatUnits } from '../../format/counts';
import { formatDateTime, formatDay } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { Empty, OrderList, PurchaseList, Section, SubHeading } from './dashboard-parts';

type Delivery = DeliveriesSection['orders'][number];

/** DRIVER: the deliveries due today (and late ones); ADMIN: every driver's. */
export function DeliveriesPanel({ data }: { data: DeliveriesSection }) {
  const own = data.scope === 'own';
  return (
    <Section
      id="deliveries"
      title={own ? "Today's deliveries" : "Today's deliveries (all drivers)"}
      description={`Open deliveries due ${formatDay(data.date)} or earlier${data.later ? `; ${data.later} more after today` : ''}.`}
      link={own ? { href: '/deliveries', text: 'My deliveries' } : { href: '/orders', text: 'Orders' }}
    >
      {own && (
        // The phone app is a page of its own (driver.html): a full load, so no router `onFollow` here.
        <Box margin={{ bottom: 's' }}>
          <Link href={DRIVER_APP_PATH} variant="primary">
            Open the driver app
          </Link>
        </Box>
      )}
      {data.orders.length === 0 ? (
        <Empty>No deliveries due today</Empty>
      ) : (
        <Table<Delivery>
          variant="embedded"
          ariaLabels={{ tableLabel: "Today's deliveries" }}
          items={data.orders}
          trackBy="id"
          columnDefinitions={[
            { id: 'orderNum', header: 'Order', cell: (o) => <OrderNumLink orderNum={o.orderNum} /> },
            { id: 'customer', header: 'Customer', cell: (o) => o.customerName },
            { id: 'address', header: 'Address', cell: (o) => o.address ?? '-' },
            { id: 'status', header: 'Status', cell: (o) => <OrderStatusCell status={o.status} /> },
            {
              id: 'date',
              header: 'Delivery',
              cell: (o) =>
                o.late ? <StatusIndicator type="error">Late: {formatDay(o.deliveryDate)}</StatusIndicator> : 'Today',
            },
            ...(own ? [] : [{ id: 'driver', header: 'Driver', cell: (o: Delivery) => o.driverName ?? '-' }]),
          ]}
        />
      )}
    </Section>
  );
}

/** INVENTORY: orders to pack and purchase orders to receive. */
export function InventoryPanel({ data }: { data: InventorySection }) {
  return (
    <Section
      id="inventory"
      title="Warehouse"
      description="Orders to pack and purchase orders to receive."
      link={{ href: '/orders', text: 'Orders' }}
    >
      <SpaceBetween size="l">
        <div>
          <SubHeading counter={data.toPack.count}>Orders to pack</SubHeading>
          <OrderList label="Oldest orders to pack" orders={data.toPack.oldest} empty="Nothing to pack" />
        </div>
        <div>
          <SubHeading counter={data.toReceive.count}>Purchase orders to receive</SubHeading>
          <PurchaseList label="Purchase orders to receive" orders={data.toReceive.next} empty="Nothing to receive" />
        </div>
      </SpaceBetween>
    </Section>
  );
}

type LimitLine = PurchasingSection['underLimits']['lines'][number];

/** PURCHASING: stock under its limits (room to buy) and purchase orders due or late. */
export function PurchasingPanel({ data }: { data: PurchasingSection }) {
  const { underLimits, due } = data;
  return (
    <Section
      id="purchasing"
      title="Purchasing"
      description="Stock under its brand, type and weight limits, and purchase orders due within a week or late."
      link={{ href: '/inventory', text: 'Inventory overview' }}
    >
      <SpaceBetween size="l">
        <div>
          <SubHeading counter={underLimits.count}>Stock under its limits</SubHeading>
          {underLimits.lines.length === 0 ? (
            <Empty>No stock under its limits</Empty>
          ) : (
            <Table<LimitLine>
              variant="embedded"
              ariaLabels={{ tableLabel: 'Stock under its limits' }}
              items={underLimits.lines}
              trackBy={(l) => `${l.brandId}:${l.level}:${l.label}`}
              columnDefinitions={[
                { id: 'brand', header: 'Brand', cell: (l) => l.brandName },
                { id: 'line', header: 'Limit', cell: (l) => `${LIMIT_LABELS[l.level]}: ${l.label}` },
                { id: 'stock', header: 'Stock', cell: (l) => `${formatUnits(l.stock)} of ${formatUnits(l.limit)}` },
                { id: 'room', header: 'Room', cell: (l) => formatUnits(l.room) },
              ]}
            />
          )}
          {underLimits.over > 0 && (
            <Box color="text-body-secondary" fontSize="body-s">
              {underLimits.over} {underLimits.over === 1 ? 'line is' : 'lines are'} over their limits.
            </Box>
          )}
        </div>
        <div>
          <SubHeading counter={due.count}>Purchase orders due</SubHeading>
          <PurchaseList label="Purchase orders due" orders={due.orders} empty="No purchase orders due this week" />
        </div>
      </SpaceBetween>
    </Section>
  );
}

/** PAYROLL: the open pay period and what its saved rows add up to. */
export function PayrollPanel({ data }: { data: PayrollSection }) {
  const { period, previousUnsubmitted: previous } = data;
  return (
    <Section
      id="payroll"
      title="Pay period"
      description={`${formatDay(period.first)} to ${formatDay(period.last)} ${periodLabel(period.payPeriod)}`}
      link={{ href: '/payroll', text: 'Payroll' }}
    >
      <SpaceBetween size="m">
        <KeyValuePairs
          columns={4}
          items={[
            {
              label: 'Status',
              value: (
                <StatusIndicator type={period.status === 'SUBMITTED' ? 'success' : 'in-progress'}>
                  {period.status === 'SUBMITTED' ? 'Submitted' : 'Draft'}
                </StatusIndicator>
              ),
            },
            { label: 'Rows saved', value: formatUnits(period.rows) },
            { label: 'Commission so far', value: `${formatMoney(period.commission)} (${period.ordersPaid} orders)` },
            { label: 'Total pay so far', value: formatMoney(period.totalPay) },
            { label: 'Last saved', value: formatDateTime(period.lastSaved) },
          ]}
        />
        {previous && (
          <StatusIndicator type="warning">
            The period before ({previous.year}-{String(previous.month).padStart(2, '0')}{' '}
            {periodLabel(previous.payPeriod)}) is not submitted yet
          </StatusIndicator>
        )}
      </SpaceBetween>
    </Section>
  );
}
