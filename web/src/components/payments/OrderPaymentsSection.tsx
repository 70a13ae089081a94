import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { toCents, toDollars, type Payment } from '@bo/shared';
import { useCan } from '../../access/route-access';
import { useApiQuery } from '../../api/hooks';
import { TableEmptyState } from '../table-states';
import { formatDay } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { EditPaymentButton, paymentMethodText } from './payment-cells';
import { PAYMENT_ACTIONS_TEXT, usePaymentDialogs } from './payment-dialogs';

export interface OrderPaymentsSectionProps {
  /** The order's id (not its number): payments are kept by order id. */
  orderId: string;
  customerId: string;
  /** The balance as the order was loaded; the section shows the freshest it has read. */
  balanceDue: number;
  /**
   * Set while the order has unsaved changes: a saved payment changes the order (its balance, payment status
   * and `modifiedOn`) and the editor reloads it, so the payment buttons wait until the order is saved.
   */
  blockedReason?: string;
}

export const ORDER_PAYMENTS_TEXT = {
  title: 'Payments',
  empty: 'No payments recorded for this order.',
  error: 'Error loading payments',
} as const;

/** What a payment gave this order (a payment may pay several). */
const appliedHere = (payment: Payment, orderId: string): number =>
  payment.appliedPayments.find((a) => a.orderId === orderId)?.amount ?? 0;

/**
 * Edit Order's Payments section (issue 13): the payments applied to the order (`payments.getByOrder`) with
 * the amount each gave it, the order's balance due, and for SALES and ADMIN 'Record payment' (AddPayment with
 * the customer and this order) and Edit on each payment. Shown only to roles that may read payments.
 */
export default function OrderPaymentsSection({
  orderId,
  customerId,
  balanceDue,
  blockedReason,
}: OrderPaymentsSectionProps) {
  const can = useCan();
  const dialogs = usePaymentDialogs();
  const readable = can('payments.getByOrder');
  const payments = useApiQuery('payments.getByOrder', { params: { orderId } }, { enabled: readable });
  // The order's own answer is refreshed when a payment is saved; the editor may hold the one it loaded.
  const order = useApiQuery('orders.getByID', { params: { id: orderId } }, { enabled: readable, select: (r) => r.res });
  if (!readable) return null;
  const balance = order.data?.balanceDue ?? balanceDue;
  const list = payments.data ?? [];

  const columns: TableProps.ColumnDefinition<Payment>[] = [
    // The section sits in a narrow column: the method goes under the date.
    {
      id: 'paymentDate',
      header: 'Date',
      cell: (p) => (
        <>
          <Box variant="span">{formatDay(p.paymentDate)}</Box>
          <Box variant="small" display="block" color="text-body-secondary">
            {paymentMethodText(p)}
          </Box>
        </>
      ),
      isRowHeader: true,
    },
    { id: 'applied', header: 'Applied here', cell: (p) => formatMoney(appliedHere(p, orderId)) },
    { id: 'amount', header: 'Payment', cell: (p) => formatMoney(p.amount) },
    ...(dialogs.canEdit
      ? [
          {
            id: 'actions',
            header: <span className="bo-visually-hidden">Actions</span>,
            cell: (p: Payment) => (
              <EditPaymentButton payment={p} onEdit={dialogs.editPayment} disabledReason={blockedReason} />
            ),
          },
        ]
      : []),
  ];

  return (
    <ExpandableSection
      variant="container"
      defaultExpanded
      headerText={ORDER_PAYMENTS_TEXT.title}
      headerCounter={payments.data ? `(${list.length})` : undefined}
      headerActions={
        dialogs.canRecord ? (
          <Button
            onClick={() => dialogs.recordPayment({ customerId, orderId })}
            disabled={blockedReason !== undefined}
            {...(blockedReason ? { disabledReason: blockedReason } : {})}
          >
            {PAYMENT_ACTIONS_TEXT.record}
          </Button>
        ) : undefined
      }
    >
      <SpaceBetween size="s">
        <div data-testid="order-balance">
          <KeyValuePairs
            columns={2}
            items={[
              { label: 'Balance due', value: <Box fontWeight="bold">{formatMoney(balance)}</Box> },
              {
                label: 'Paid to this order',
                value: payments.data
                  ? formatMoney(toDollars(list.reduce((sum, p) => sum + toCents(appliedHere(p, orderId)), 0)))
                  : '-',
              },
            ]}
          />
        </div>
        <Table<Payment>
          variant="embedded"
          contentDensity="compact"
          wrapLines
          items={list}
          trackBy="id"
          columnDefinitions={columns}
          ariaLabels={{ tableLabel: 'Payments of this order' }}
          loading={payments.isPending}
          loadingText="Loading payments"
          empty={
            payments.isError ? (
              <TableEmptyState
                title={ORDER_PAYMENTS_TEXT.error}
                subtitle={payments.error.message}
                action={<Button onClick={() => void payments.refetch()}>Retry</Button>}
              />
            ) : (
              <Box color="text-body-secondary" textAlign="center">
                {ORDER_PAYMENTS_TEXT.empty}
              </Box>
            )
          }
        />
      </SpaceBetween>
    </ExpandableSection>
  );
}
