import Box from '@cloudscape-design/components/box';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import type { BusinessSection, SalesFigures, SalesSection } from '@bo/shared';
import { OrderNumLink } from '../../components/orders/order-cells';
import { formatUnits } from '../../format/counts';
import { formatMoney } from '../../format/money';
import { Empty, OrderList, Section, SubHeading, changeText } from './dashboard-parts';

/** The month's figures against last month's: each value with its change underneath. */
function MonthFigures({ current, previous, costs }: { current: SalesFigures; previous: SalesFigures; costs: boolean }) {
  const pair = (label: string, value: string, now: number, before: number, beforeText: string) => ({
    label,
    value: (
      <SpaceBetween size="xxxs">
        <Box fontSize={costs ? 'heading-xl' : 'display-l'} fontWeight="bold">
          {value}
        </Box>
        <Box color="text-body-secondary" fontSize="body-s">
          {changeText(now, before) ?? 'same as last month'} (last month {beforeText})
        </Box>
      </SpaceBetween>
    ),
  });
  const items = [
    pair('Revenue', formatMoney(current.revenue), current.revenue, previous.revenue, formatMoney(previous.revenue)),
    pair('Units', formatUnits(current.units), current.units, previous.units, formatUnits(previous.units)),
    pair('Orders', formatUnits(current.orders), current.orders, previous.orders, formatUnits(previous.orders)),
  ];
  if (costs)
    items.push(
      pair(
        'Gross profit',
        formatMoney(current.profit ?? 0),
        current.profit ?? 0,
        previous.profit ?? 0,
        formatMoney(previous.profit ?? 0),
      ),
      {
        label: 'Margin',
        value: (
          <SpaceBetween size="xxxs">
            <Box fontSize="heading-xl" fontWeight="bold">
              {marginText(current.margin)}
            </Box>
            <Box color="text-body-secondary" fontSize="body-s">
              last month {marginText(previous.margin)}
            </Box>
          </SpaceBetween>
        ),
      },
    );
  return <KeyValuePairs columns={costs ? 5 : 3} items={items} />;
}

const marginText = (margin: number | null | undefined) =>
  margin === null || margin === undefined ? '-' : `${margin.toFixed(1)}%`;

/** ADMIN: every rep's month with cost, profit and margin, and this month by rep. */
export function BusinessPanel({ data }: { data: BusinessSection }) {
  const { current, previous } = data.month;
  return (
    <Section
      id="business"
      title="This month's business"
      description={`Every rep's sales from ${current.from} to ${current.to}, against last month.`}
      link={{ href: '/reports/sales', text: 'Sales report' }}
    >
      <SpaceBetween size="l">
        <MonthFigures current={current.figures} previous={previous.figures} costs />
        {data.reps.length === 0 ? (
          <Empty>No sales yet this month</Empty>
        ) : (
          <Table
            variant="embedded"
            ariaLabels={{ tableLabel: 'This month by rep' }}
            header={<SubHeading>By rep</SubHeading>}
            items={data.reps}
            trackBy="key"
            columnDefinitions={[
              { id: 'rep', header: 'Rep', cell: (r) => r.label },
              { id: 'revenue', header: 'Revenue', cell: (r) => formatMoney(r.current.revenue) },
              { id: 'orders', header: 'Orders', cell: (r) => formatUnits(r.current.orders) },
              { id: 'profit', header: 'Gross profit', cell: (r) => formatMoney(r.current.profit ?? 0) },
              { id: 'margin', header: 'Margin', cell: (r) => marginText(r.current.margin) },
            ]}
          />
        )}
      </SpaceBetween>
    </Section>
  );
}

/** SALES: their month, their open orders and their customers past their terms (ADMIN: everyone's). */
export function SalesPanel({ data }: { data: SalesSection }) {
  const { current, previous } = data.month;
  const whose = data.scope === 'own' ? 'your customers' : 'all customers';
  return (
    <Section
      id="sales"
      title={data.scope === 'own' ? 'My sales' : 'Sales'}
      description={
        data.scope === 'own'
          ? `This month so far against last month, for ${whose}.`
          : `Open orders and customers past their payment terms, for ${whose}.`
      }
      link={{ href: '/reports/sales', text: 'Sales report' }}
    >
      <SpaceBetween size="l">
        {/* ADMIN's month of every rep is the business section's, with its costs. */}
        {data.scope === 'own' && <MonthFigures current={current.figures} previous={previous.figures} costs={false} />}
        <div>
          <SubHeading counter={data.openOrders.count}>Open orders</SubHeading>
          <OrderList label="Oldest open orders" orders={data.openOrders.oldest} empty="No open orders" />
        </div>
        <div>
          <SubHeading counter={data.overdue.count}>Overdue customers</SubHeading>
          {data.overdue.customers.length === 0 ? (
            <Empty>No customer is past their payment terms</Empty>
          ) : (
            <Table
              variant="embedded"
              ariaLabels={{ tableLabel: 'Overdue customers' }}
              items={data.overdue.customers}
              trackBy="customerId"
              footer={
                <Box color="text-body-secondary" fontSize="body-s">
                  {formatMoney(data.overdue.amount)} overdue in all
                </Box>
              }
              columnDefinitions={[
                { id: 'customer', header: 'Customer', cell: (c) => c.customerName },
                { id: 'amount', header: 'Overdue', cell: (c) => formatMoney(c.amount) },
                {
                  id: 'days',
                  header: 'Days late',
                  cell: (c) => (
                    <StatusIndicator type={c.days > 30 ? 'error' : 'warning'}>
                      {c.days} {c.days === 1 ? 'day' : 'days'}
                    </StatusIndicator>
                  ),
                },
                { id: 'oldest', header: 'Oldest order', cell: (c) => <OrderNumLink orderNum={c.oldestOrderNum} /> },
              ]}
            />
          )}
        </div>
      </SpaceBetween>
    </Section>
  );
}
