import type { ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import type { DashboardOrder, DashboardPurchase } from '@bo/shared';
import { purchaseOrderHref } from '../../access/pages';
import { OrderNumLink, OrderStatusCell } from '../../components/orders/order-cells';
import { useFollow } from '../../components/navigation';
import { formatUnits } from '../../format/counts';
import { formatDate, formatDay } from '../../format/dates';

/** The pieces every dashboard section is made of: its container, a link to the page behind it, small lists. */

/** A section: a Container with its heading, a description and a link to the page that has the rest. */
export function Section({
  id,
  title,
  description,
  link,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  link?: { href: string; text: string };
  children: ReactNode;
}) {
  const follow = useFollow();
  return (
    <section aria-labelledby={`dashboard-${id}`} data-dashboard-section={id}>
      <Container
        header={
          <Header
            variant="h2"
            description={description}
            actions={
              link ? (
                <Link href={link.href} onFollow={follow}>
                  {link.text}
                </Link>
              ) : undefined
            }
          >
            <span id={`dashboard-${id}`}>{title}</span>
          </Header>
        }
      >
        {children}
      </Container>
    </section>
  );
}

/** A smaller heading inside a section. */
export const SubHeading = ({ children, counter }: { children: ReactNode; counter?: number }) => (
  <Header variant="h3" counter={counter === undefined ? undefined : `(${counter})`}>
    {children}
  </Header>
);

/** What an empty list says ("Nothing to pack"). */
export const Empty = ({ children }: { children: ReactNode }) => (
  <Box color="text-body-secondary" padding={{ vertical: 'xs' }}>
    <StatusIndicator type="success">{children}</StatusIndicator>
  </Box>
);

/** A few sales orders: number (opens the order), customer, status, and a date. */
export function OrderList({
  label,
  orders,
  empty,
  date = 'createdAt',
}: {
  label: string;
  orders: readonly DashboardOrder[];
  empty: string;
  date?: 'createdAt' | 'deliveryDate';
}) {
  if (orders.length === 0) return <Empty>{empty}</Empty>;
  return (
    <Table<DashboardOrder>
      variant="embedded"
      ariaLabels={{ tableLabel: label }}
      items={[...orders]}
      trackBy="id"
      columnDefinitions={[
        { id: 'orderNum', header: 'Order', cell: (o) => <OrderNumLink orderNum={o.orderNum} /> },
        { id: 'customer', header: 'Customer', cell: (o) => o.customerName },
        { id: 'status', header: 'Status', cell: (o) => <OrderStatusCell status={o.status} /> },
        date === 'createdAt'
          ? { id: 'createdAt', header: 'Placed', cell: (o) => formatDate(o.createdAt) }
          : { id: 'deliveryDate', header: 'Delivery', cell: (o) => formatDay(o.deliveryDate) },
      ]}
    />
  );
}

const DUE_INDICATOR = {
  late: { type: 'error', text: 'Late' },
  soon: { type: 'warning', text: 'Due soon' },
} as const;

/** A few ordered purchase orders: number (opens it), brand, units, expected date and whether it is late. */
export function PurchaseList({
  label,
  orders,
  empty,
}: {
  label: string;
  orders: readonly DashboardPurchase[];
  empty: string;
}) {
  const follow = useFollow();
  if (orders.length === 0) return <Empty>{empty}</Empty>;
  return (
    <Table<DashboardPurchase>
      variant="embedded"
      ariaLabels={{ tableLabel: label }}
      items={[...orders]}
      trackBy="id"
      columnDefinitions={[
        {
          id: 'purchaseOrderNum',
          header: 'Purchase order',
          cell: (p) => (
            <Link href={purchaseOrderHref(p.purchaseOrderNum)} onFollow={follow}>
              {p.purchaseOrderNum}
            </Link>
          ),
        },
        { id: 'brand', header: 'Brand', cell: (p) => p.brandName },
        { id: 'units', header: 'Units', cell: (p) => formatUnits(p.units) },
        { id: 'expected', header: 'Expected', cell: (p) => formatDay(p.expectedDeliveryOn) },
        {
          id: 'due',
          header: 'Due',
          cell: (p) =>
            p.due ? (
              <StatusIndicator type={DUE_INDICATOR[p.due].type}>{DUE_INDICATOR[p.due].text}</StatusIndicator>
            ) : (
              '-'
            ),
        },
      ]}
    />
  );
}

/** A change against last month, as text: "+12.5% vs last month". */
export function changeText(current: number, previous: number): string | undefined {
  if (previous === 0) return current === 0 ? undefined : 'new this month';
  const pct = ((current - previous) / Math.abs(previous)) * 100;
  return `${pct >= 0 ? '+' : ''}${pct.toFixed(1)}% vs last month`;
}
