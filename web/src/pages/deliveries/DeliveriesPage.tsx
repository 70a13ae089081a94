import { useMemo } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Order } from '@bo/shared';
import { useOrderStatusRights } from '../../access/order-status';
import { DRIVER_APP_PATH } from '../../access/pages';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import ListPageHeader from '../../components/ListPageHeader';
import { TableEmptyState } from '../../components/table-states';
import { useModals } from '../../modals/context';
import { useNotifications } from '../../notifications/notifications';
import { OrderNumLink, OrderStatusCell } from '../../components/orders/order-cells';
import { formatUnits } from '../../format/counts';
import { formatDay } from '../../format/dates';
import { byDeliveryDate, DELIVERIES_TEXT, LINES_SHOWN, summarizeLines } from './deliveries-config';
import './deliveries.css';

const EMPTY: Order[] = [];

function LinesSummary({ order }: { order: Order }) {
  const lines = summarizeLines(order.orderedItems);
  if (lines.length === 0) return <>-</>;
  const shown = lines.slice(0, LINES_SHOWN);
  const more = lines.length - shown.length;
  return (
    <ul className="bo-delivery-lines" aria-label={`Products of order ${order.orderNum}`}>
      {shown.map((line) => (
        <li key={line.sku}>
          {formatUnits(line.quantity)} × {line.name}
        </li>
      ))}
      {more > 0 && (
        <li>
          <Box color="text-body-secondary" display="inline">
            +{more} more {more === 1 ? 'product' : 'products'}
          </Box>
        </li>
      )}
    </ul>
  );
}

/**
 * `/deliveries`, the driver's view: the open delivery orders assigned to the signed-in driver
 * (`orders.getMyDeliveries`), earliest delivery first, each with 'Mark delivered' where the shared status rule
 * allows it (after a confirmation, `orders.setStatus` DELIVERED; the list then refreshes and the order leaves it).
 */
export default function DeliveriesPage() {
  const { openModal } = useModals();
  const notify = useNotifications();
  const rights = useOrderStatusRights();
  const query = useApiQuery('orders.getMyDeliveries', {});
  const locations = useApiQuery('orders.getLocations', {});
  const setStatus = useApiMutation('orders.setStatus', {
    invalidates: ['orders.getMyDeliveries', 'orders.getByID'],
  });
  const orders = useMemo(() => [...(query.data ?? EMPTY)].sort(byDeliveryDate), [query.data]);
  const locationNames = useMemo(() => new Map((locations.data ?? []).map((l) => [l.id, l.name])), [locations.data]);
  const locationName = (id: string | null) => {
    if (!id) return '-';
    if (locations.isError) return DELIVERIES_TEXT.locationsError;
    return locationNames.get(id) ?? (locations.isPending ? 'Loading...' : `Location ${id}`);
  };

  const markDelivered = (order: Order) =>
    openModal('Confirmation', {
      title: 'Mark delivered',
      message: (
        <>
          Mark order <b>{order.orderNum}</b> for <b>{order.customer.customerName}</b> as delivered?
        </>
      ),
      confirmLabel: 'Mark delivered',
      onConfirm: async () => {
        await setStatus.mutateAsync({
          params: { id: order.id },
          body: { orderStatus: 'DELIVERED', modifiedOn: order.modifiedOn },
        });
        notify.success(`Order ${order.orderNum} marked delivered`);
      },
    });

  return (
    <Cards<Order>
      items={orders}
      trackBy="id"
      variant="full-page"
      loading={query.isPending}
      loadingText={DELIVERIES_TEXT.loading}
      ariaLabels={{ cardsLabel: 'My deliveries', itemSelectionLabel: (_, o) => o.orderNum, selectionGroupLabel: '' }}
      cardsPerRow={[{ cards: 1 }, { minWidth: 700, cards: 2 }, { minWidth: 1100, cards: 3 }]}
      empty={
        query.isError ? (
          <TableEmptyState
            title={DELIVERIES_TEXT.error}
            subtitle={query.error.message}
            action={<Button onClick={() => void query.refetch()}>Retry</Button>}
          />
        ) : (
          <TableEmptyState title={DELIVERIES_TEXT.empty} subtitle={DELIVERIES_TEXT.emptyDescription} />
        )
      }
      header={
        <ListPageHeader
          title="My deliveries"
          counter={query.data ? orders.length : undefined}
          description="Open delivery orders assigned to you, earliest delivery first."
          refresh={{ noun: 'deliveries', loading: query.isRefetching, onRefresh: () => void query.refetch() }}
          actions={
            // The phone app is a page of its own (driver.html): a full load, not a route of this app.
            <Button href={DRIVER_APP_PATH} variant="primary">
              Open the driver app
            </Button>
          }
        />
      }
      cardDefinition={{
        header: (order) => (
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <OrderNumLink orderNum={order.orderNum} />
            <span>{order.customer.customerName}</span>
          </SpaceBetween>
        ),
        sections: [
          { id: 'deliveryDate', header: 'Delivery date', content: (o) => formatDay(o.deliveryDate), width: 50 },
          { id: 'status', header: 'Status', content: (o) => <OrderStatusCell status={o.orderStatus} />, width: 50 },
          { id: 'location', header: 'Packing location', content: (o) => locationName(o.packingLocationId), width: 50 },
          { id: 'units', header: 'Units', content: (o) => formatUnits(o.unitQuantity), width: 50 },
          { id: 'lines', header: 'Products', content: (o) => <LinesSummary order={o} /> },
          ...(orders.some((o) => o.notes)
            ? [{ id: 'notes', header: 'Notes', content: (o: Order) => o.notes || '-' }]
            : []),
          {
            id: 'actions',
            content: (o) =>
              rights.settable(o).orderStatuses.includes('DELIVERED') && (
                <Button
                  onClick={() => markDelivered(o)}
                  ariaLabel={`Mark delivered: order ${o.orderNum}`}
                  disabled={setStatus.isPending && setStatus.variables?.params.id === o.id}
                >
                  Mark delivered
                </Button>
              ),
          },
        ],
      }}
    />
  );
}
