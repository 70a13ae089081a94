import { useState } from 'react';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { holdStatusRefusal, type Order, type OrderStatus } from '@bo/shared';
import { errorMessage } from '../../api/client';
import { useApiMutation } from '../../api/hooks';
import { formatStatus, statusOptions } from '../../format/statuses';
import { useNotifications } from '../../notifications/notifications';
import { ORDER_QUERY_ROUTES } from './builder/order-routes';
import StatusPicker from '../../components/StatusPicker';
import { ORDER_VIEW_TEXT } from './order-view';

/**
 * The order-status picker of the read-only view (inventory staff): only the statuses the shared rule lets the
 * user set on this order, saved alone through `orders/setStatus`. A refusal shows the server's message under
 * the picker; a success is a notification (inside the dialog when the view is one). Key it on the order's
 * `modifiedOn` so it starts again from what the server answered.
 */
export default function OrderStatusControl({ order, statuses }: { order: Order; statuses: readonly OrderStatus[] }) {
  const notify = useNotifications();
  const [value, setValue] = useState<OrderStatus>(order.orderStatus);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  // A status change moves stock and lists: the same answers an order save refreshes.
  const setStatus = useApiMutation('orders.setStatus', { invalidates: ORDER_QUERY_ROUTES });
  const options = statusOptions('order').filter((o) => statuses.includes(o.value as OrderStatus));

  // Awaited rather than per-call callbacks: the refetched order re-keys this control before those would run.
  const save = async () => {
    setFailure(undefined);
    try {
      const saved = await setStatus.mutateAsync({
        params: { id: order.id },
        body: { orderStatus: value, modifiedOn: order.modifiedOn },
      });
      notify.success(`Order ${saved.orderNum} set to ${formatStatus('order', saved.orderStatus)}`);
    } catch (error) {
      console.error('Order status change failed', error);
      setFailure(errorMessage(error, ORDER_VIEW_TEXT.statusFailed));
    }
  };

  return (
    <SpaceBetween direction="horizontal" size="xs" alignItems="end">
      <StatusPicker
        label="Order status"
        value={value}
        options={options}
        changedOn={order.statusModifiedOn}
        onChange={(next) => {
          setValue(next as OrderStatus);
          setFailure(undefined);
        }}
        changed={value !== order.orderStatus}
        disabled={setStatus.isPending}
        // A held order stays at RECEIVED until an ADMIN releases it: said before the server refuses.
        errorText={failure ?? holdStatusRefusal(order.creditHold, value)}
        testId="order-status"
      />
      <Button
        onClick={() => void save()}
        disabled={value === order.orderStatus}
        loading={setStatus.isPending}
        loadingText={ORDER_VIEW_TEXT.savingStatus}
      >
        {ORDER_VIEW_TEXT.saveStatus}
      </Button>
    </SpaceBetween>
  );
}
