import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import type { Order } from '@bo/shared';
import { useCan } from '../../../access/route-access';
import { useApiQuery } from '../../../api/hooks';
import ReturnsTable from '../../../components/returns/ReturnsTable';
import { RETURN_ACTIONS_TEXT } from '../../../components/returns/return-display';
import { useReturnDialogs } from '../../../components/returns/return-dialogs';
import { anythingReturnable, returnRows, takesReturns } from './return-model';
import { ORDER_RETURNS_TEXT } from './return-text';
import { ORDER_RETURNS_ANCHOR } from '../delivery-proof/delivery-proof-text';

export interface OrderReturnsSectionProps {
  /** The order as the screen shows it (a return reloads it). */
  order: Order;
  /**
   * The order has unsaved changes: a return changes the order (its balance and `modifiedOn`) and the editor
   * reloads it, so 'Return items' waits until the order is saved.
   */
  unsaved?: boolean;
}

/** Whether an order has a Returns section: it can take a return, or has some. */
export const showsReturns = (order: Pick<Order, 'orderStatus' | 'returns'>): boolean =>
  takesReturns(order) || (order.returns?.count ?? 0) > 0;

const COLUMNS = ['creditNoteDated', 'details'] as const;

/**
 * An order's Returns (issue 23, section 3): its credit notes with their products, money (not for INVENTORY) and
 * restock state, each with its PDF; 'Return items' for SALES and ADMIN while the order is delivered or
 * completed and has units left to return; 'Confirm restock' for INVENTORY and ADMIN. Shown to the roles that
 * read returns, on orders that can take one or have some.
 */
export default function OrderReturnsSection({ order, unsaved = false }: OrderReturnsSectionProps) {
  const dialogs = useReturnDialogs();
  const readable = useCan()('returns.getByOrder');
  const returns = useApiQuery('returns.getByOrder', { params: { orderId: order.id } }, { enabled: readable });
  if (!readable || (!showsReturns(order) && !returns.data?.length)) return null;

  const leftToReturn = returns.data ? anythingReturnable(returnRows(order, returns.data)) : true;
  const reason = unsaved ? ORDER_RETURNS_TEXT.saveFirst : leftToReturn ? undefined : ORDER_RETURNS_TEXT.allReturned;
  const action =
    dialogs.canReturn && takesReturns(order) ? (
      <Button
        onClick={() => dialogs.returnItems(order.id)}
        disabled={reason !== undefined || !returns.data}
        {...(reason ? { disabledReason: reason } : {})}
      >
        {RETURN_ACTIONS_TEXT.returnItems}
      </Button>
    ) : undefined;

  return (
    <ExpandableSection
      variant="container"
      defaultExpanded
      headerText={ORDER_RETURNS_TEXT.title}
      headerCounter={returns.data ? `(${returns.data.length})` : undefined}
      headerActions={action}
    >
      <div data-testid="order-returns" id={ORDER_RETURNS_ANCHOR}>
        <ReturnsTable
          query={returns}
          columns={COLUMNS}
          ariaLabel={ORDER_RETURNS_TEXT.tableLabel(order.orderNum)}
          onConfirm={dialogs.canConfirm ? dialogs.confirmRestock : undefined}
        />
      </div>
    </ExpandableSection>
  );
}
