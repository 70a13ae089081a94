import type { ComponentType } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { mayAccessDocuments, type Order } from '@bo/shared';
import { useCan } from '../../access/route-access';
import { useSession } from '../../auth/session';
import { errorMessage } from '../../api/client';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useOrderStatusRights } from '../../access/order-status';
import ChangeLogPanel from '../../components/ChangeLogPanel';
import { useModals } from '../../modals/context';
import { useNotifications } from '../../notifications/notifications';
import InvoicesList from './builder/InvoicesList';
import PdfControl from './builder/PdfControl';
import type { OrderFrameProps } from './builder/OrderEditor';
import { OrderStatusCell, PaymentStatusCell } from '../../components/orders/order-cells';
import { formatDate, formatDateTime, formatDay } from '../../format/dates';
import OrderLinesTable from './OrderLinesTable';
import './order-view.css';
import { ORDER_VIEW_TEXT } from './order-view';
import OrderStatusControl from './OrderStatusControl';
import CreditHoldAlert from './credit-hold/CreditHoldAlert';
import OrderReturnsSection from './returns/OrderReturnsSection';
import OrderDeliverySection from './delivery-proof/OrderDeliverySection';

export interface OrderViewFrame {
  Frame: ComponentType<OrderFrameProps>;
  onClose: () => void;
}

const LIST_STALE_MS = 5 * 60_000;

/** `statusPicker`: the user may change the order status here, so the picker stands in for its display. */
function OrderDetails({ order, statusPicker }: { order: Order; statusPicker: boolean }) {
  const can = useCan();
  const drivers = useApiQuery('users.getDrivers', {}, { staleTime: LIST_STALE_MS, enabled: can('users.getDrivers') });
  const locations = useApiQuery('orders.getLocations', {}, { staleTime: LIST_STALE_MS });
  const driver = order.driverId ? (drivers.data?.find((d) => d.id === order.driverId)?.name ?? '…') : '-';
  const location = order.packingLocationId
    ? (locations.data?.find((l) => l.id === order.packingLocationId)?.name ?? '…')
    : '-';
  const changed = (iso: string) => `Last changed ${formatDate(iso)}`;

  return (
    <SpaceBetween size="l">
      <KeyValuePairs
        columns={4}
        items={[
          { label: 'Customer', value: order.customer.customerName },
          { label: 'Order #', value: order.orderNum },
          { label: 'Ordered', value: formatDateTime(order.createdAt) },
          ...(statusPicker
            ? []
            : [
                {
                  label: 'Order status',
                  value: (
                    <SpaceBetween size="xxxs">
                      <OrderStatusCell status={order.orderStatus} />
                      <Box color="text-body-secondary" fontSize="body-s">
                        {changed(order.statusModifiedOn)}
                      </Box>
                    </SpaceBetween>
                  ),
                },
              ]),
          { label: order.pickupOrder ? 'Pickup' : 'Delivery', value: formatDay(order.deliveryDate) },
          { label: 'Driver', value: order.pickupOrder ? '-' : driver },
          { label: order.pickupOrder ? 'Pickup location' : 'Packing location', value: location },
          {
            label: 'Payment status',
            value: (
              <SpaceBetween size="xxxs">
                <PaymentStatusCell status={order.paymentStatus} />
                <Box color="text-body-secondary" fontSize="body-s">
                  {changed(order.paymentModifiedOn)}
                </Box>
              </SpaceBetween>
            ),
          },
        ]}
      />
      <KeyValuePairs
        items={[
          {
            label: 'Notes',
            value: order.notes?.trim() ? (
              <div className="bo-order-notes">{order.notes}</div>
            ) : (
              <Box color="text-status-inactive">{ORDER_VIEW_TEXT.noNotes}</Box>
            ),
          },
        ]}
      />
      <OrderLinesTable order={order} />
    </SpaceBetween>
  );
}

/**
 * An order for a role that may read it but not edit it (drivers, purchasing, inventory): customer, statuses,
 * delivery details, notes and lines, without steppers or Save. Status changes are what the shared rule
 * (`settableStatuses`, enforced by `orders/setStatus`) gives the user on this order: a driver's own open
 * delivery offers 'Mark delivered'; inventory staff get an order-status picker; purchasing gets nothing.
 * Every query here is one the role's routes allow.
 */
export default function OrderReadOnlyView({ orderId, frame }: { orderId: string; frame: OrderViewFrame }) {
  const can = useCan();
  const { roles } = useSession();
  const rights = useOrderStatusRights();
  const { openModal } = useModals();
  const notify = useNotifications();
  const query = useApiQuery('orders.getByID', { params: { id: orderId } }, { select: (r) => r.res });
  const setStatus = useApiMutation('orders.setStatus', {
    invalidates: ['orders.getByID', 'orders.getMyDeliveries', 'changelog.getAll'],
  });
  const order = query.data;
  const settable = order ? rights.settable(order).orderStatuses : [];
  const deliverable = rights.changer === 'own-deliveries' && settable.includes('DELIVERED');
  const statusPicker = rights.changer !== null && rights.changer !== 'own-deliveries' && settable.length > 0;

  const markDelivered = (target: Order) =>
    openModal('Confirmation', {
      title: ORDER_VIEW_TEXT.markDelivered,
      message: (
        <>
          Mark order <b>{target.orderNum}</b> for <b>{target.customer.customerName}</b> as delivered?
        </>
      ),
      confirmLabel: ORDER_VIEW_TEXT.markDelivered,
      onConfirm: async () => {
        await setStatus.mutateAsync({
          params: { id: target.id },
          body: { orderStatus: 'DELIVERED', modifiedOn: target.modifiedOn },
        });
        notify.success(`Order ${target.orderNum} marked delivered`);
      },
    });

  let content;
  if (!order)
    content = query.isError ? (
      <Alert type="error" statusIconAriaLabel="Error">
        {query.error.status === 404 ? ORDER_VIEW_TEXT.notFound : errorMessage(query.error, ORDER_VIEW_TEXT.loadFailed)}
      </Alert>
    ) : (
      <StatusIndicator type="loading">{ORDER_VIEW_TEXT.loading}</StatusIndicator>
    );
  else
    content = (
      <SpaceBetween size="l">
        {(order.creditHold || order.creditHoldReleased) && <CreditHoldAlert order={order} />}
        {deliverable && (
          <Alert
            type="info"
            statusIconAriaLabel="Info"
            header={ORDER_VIEW_TEXT.yourDelivery}
            action={
              <Button variant="primary" iconName="check" onClick={() => markDelivered(order)}>
                {ORDER_VIEW_TEXT.markDelivered}
              </Button>
            }
          >
            {order.deliveryDate ? `Due ${formatDay(order.deliveryDate)}. ` : ''}
            {ORDER_VIEW_TEXT.markWhenHanded}
          </Alert>
        )}
        {statusPicker && <OrderStatusControl key={order.modifiedOn} order={order} statuses={settable} />}
        <OrderDetails order={order} statusPicker={statusPicker} />
        <OrderDeliverySection order={order} />
        <OrderReturnsSection order={order} />
        {mayAccessDocuments('invoices', roles, 'read') ? (
          <InvoicesList customerName={order.customer.customerName} orderNum={order.orderNum} />
        ) : (
          // Saved invoices are for the roles that read every order; a driver builds this order's invoice here.
          <Box>
            <PdfControl invoice={() => order} canSave={false} offerSave={false} />
          </Box>
        )}
        {can('changelog.getAll') && <ChangeLogPanel entityType="order" entityId={order.id} />}
      </SpaceBetween>
    );

  const footer = (
    <Box float="right">
      <Button onClick={frame.onClose}>{ORDER_VIEW_TEXT.close}</Button>
    </Box>
  );

  const { Frame } = frame;
  return (
    <Frame
      header={order ? `${ORDER_VIEW_TEXT.title} ${order.orderNum}` : ORDER_VIEW_TEXT.title}
      content={content}
      footer={footer}
      onDismiss={frame.onClose}
    />
  );
}
