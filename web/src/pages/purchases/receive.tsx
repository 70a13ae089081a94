import { useQueryClient } from '@tanstack/react-query';
import { linesToReceive, purchaseReceiveRefusal, type PurchaseOrder, type RouteId } from '@bo/shared';
import { useApiMutation } from '../../api/hooks';
import { useModals } from '../../modals/context';
import { useNotifications } from '../../notifications/notifications';
import { formatUnits } from '../../format/counts';

/** What a receive changes: the purchase order and its lists, and every product and stock figure on screen. */
export const RECEIVE_INVALIDATES: RouteId[] = [
  'purchases.getById',
  'purchases.getAll',
  'purchases.getOnOrder',
  'products.getAll',
  'products.getByID',
  'products.getByBrandID',
  'products.getBySku',
  'changelog.getAll',
];

/** The lines a receive would stock now: none for a draft or a cancelled order, else every unstocked line with units. */
export const receivableLines = (order: PurchaseOrder) =>
  purchaseReceiveRefusal(order.orderStatus) ? [] : linesToReceive(order.purchaseOrderItems);

const plural = (n: number, word: string) => `${formatUnits(n)} ${word}${n === 1 ? '' : 's'}`;

/**
 * Receiving into stock (`purchases.receive`): every line still to arrive, or the SKUs picked. Asks first (the
 * units go on the shelf and cannot be taken back by cancelling), then reports the result in the Flashbar.
 */
export function useReceive(onReceived: () => void) {
  const { openModal } = useModals();
  const notify = useNotifications();
  const queryClient = useQueryClient();
  const mutation = useApiMutation('purchases.receive', { invalidates: RECEIVE_INVALIDATES });

  const confirm = (order: PurchaseOrder, skus?: readonly string[]) => {
    const lines = linesToReceive(receivableLines(order), skus);
    if (lines.length === 0) return;
    const units = lines.reduce((n, l) => n + l.quantity, 0);
    const all = !skus || lines.length === receivableLines(order).length;
    openModal('Confirmation', {
      title: all ? 'Receive all' : 'Receive selected lines',
      message: (
        <>
          Add <b>{plural(units, 'unit')}</b> on {plural(lines.length, 'line')} of purchase order{' '}
          <b>{order.purchaseOrderNum}</b> to stock? Products with batches get a checked-in batch for each line. A line
          is received once only; a received order cannot be cancelled.
        </>
      ),
      confirmLabel: 'Receive',
      onConfirm: async () => {
        const body = skus ? { productSkus: lines.map((l) => l.productSku) } : {};
        const saved = await mutation.mutateAsync({ params: { id: order.id }, body });
        // The answer is the order as it now stands; show it without waiting for the refetch.
        queryClient.setQueriesData({ queryKey: ['api', 'purchases.getById'] }, (cached: unknown) =>
          cached && (cached as { res?: PurchaseOrder }).res?.id === saved.id ? { res: saved } : cached,
        );
        const left = receivableLines(saved).length;
        notify.success(
          `Received ${plural(units, 'unit')} on ${plural(lines.length, 'line')} of purchase order ${
            order.purchaseOrderNum
          } into stock.${left > 0 ? ` ${plural(left, 'line')} still to receive.` : ''}`,
        );
        onReceived();
      },
    });
  };

  return {
    confirm,
    isPending: mutation.isPending,
    disabledReason: (order: PurchaseOrder): string =>
      purchaseReceiveRefusal(order.orderStatus) ?? 'Every line has been received',
  };
}
