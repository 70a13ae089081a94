import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Input from '@cloudscape-design/components/input';
import type { TableProps } from '@cloudscape-design/components/table';
import { canTakePayment, formatUsd, paymentBadge, paymentRowTone, type PaymentRowTone } from '@bo/shared';
import { OrderStatusCell, PaymentStatusCell } from '../../../components/orders/order-cells';
import { shortOrderNumber } from '../../../components/orders/order-display';
import type { PayRow } from './use-payment-data';
import type { PaymentForm } from './use-payment-form';

/** Spec section 2: the Apply To table's columns, in order. */
export const APPLY_TO_COLUMNS = ['Order #', 'Status', 'Payment', 'Brand', 'Total', 'Balance', 'Apply $'] as const;

export const applyInputLabel = (row: Pick<PayRow, 'orderNum'>) => `Apply $ to order ${row.orderNum}`;
export const selectLabel = (row: Pick<PayRow, 'orderNum'>) => `Select order ${row.orderNum}`;

/**
 * A row's colour (spec section 4): Cloudscape's Table has no per-row colour, so the Order # cell carries a
 * coloured bar (`data-tone`: red, amber, green, disabled) and a greyed row greys its text. Only selected rows
 * are coloured; unselected rows that can take a payment stay plain.
 */
export function rowTone(row: PayRow, form: PaymentForm): PaymentRowTone | 'none' {
  if (!canTakePayment(row)) return 'disabled';
  if (!form.selectedRows.some((r) => r.orderId === row.orderId)) return 'none';
  return paymentRowTone(form.appliedOf.get(row.orderId) ?? 0, row.balanceDue);
}

const Greyable = ({ row, children }: { row: PayRow; children: React.ReactNode }) =>
  !canTakePayment(row) ? <Box color="text-status-inactive">{children}</Box> : <>{children}</>;

export function applyToColumns(form: PaymentForm, disabled: boolean): TableProps.ColumnDefinition<PayRow>[] {
  const [orderCol, statusCol, paymentCol, brandCol, totalCol, balanceCol, applyCol] = APPLY_TO_COLUMNS;
  return [
    {
      id: 'orderNum',
      header: orderCol,
      cell: (row) => {
        const tone = rowTone(row, form);
        return (
          <span className="pay-order" data-tone={tone} data-testid={`pay-row-${row.orderNum}`}>
            <span className={`pay-tone pay-tone--${tone}`} aria-hidden="true" />
            <Greyable row={row}>
              <span title={row.orderNum}>{shortOrderNumber(row.orderNum)}</span>
            </Greyable>
          </span>
        );
      },
      isRowHeader: true,
      minWidth: 110,
    },
    {
      id: 'orderStatus',
      header: statusCol,
      minWidth: 150,
      cell: (row) => <OrderStatusCell status={row.orderStatus} />,
    },
    {
      id: 'paymentStatus',
      header: paymentCol,
      minWidth: 120,
      cell: (row) => <PaymentStatusCell status={row.paymentStatus} />,
    },
    {
      id: 'brand',
      header: brandCol,
      maxWidth: 260,
      cell: (row) => <Greyable row={row}>{row.brand || '-'}</Greyable>,
    },
    {
      id: 'total',
      header: totalCol,
      cell: (row) => <Greyable row={row}>{formatUsd(row.orderTotal)}</Greyable>,
    },
    {
      id: 'balance',
      header: balanceCol,
      cell: (row) => <Greyable row={row}>{formatUsd(row.balanceDue)}</Greyable>,
    },
    {
      id: 'apply',
      header: applyCol,
      minWidth: 200,
      cell: (row) => <ApplyCell row={row} form={form} disabled={disabled} />,
    },
  ];
}

function ApplyCell({ row, form, disabled }: { row: PayRow; form: PaymentForm; disabled: boolean }) {
  const selected = form.selectedRows.some((r) => r.orderId === row.orderId);
  if (!selected) return <Greyable row={row}>-</Greyable>;
  const applied = form.appliedOf.get(row.orderId) ?? 0;
  const problem = form.rowProblem(row.orderId);
  const badge = applied > 0 && (
    <Badge color={paymentBadge(applied, row.balanceDue) === 'FULLY PAID' ? 'green' : 'severity-medium'}>
      {paymentBadge(applied, row.balanceDue)}
    </Badge>
  );
  if (!form.state.split)
    return (
      <div className="pay-apply">
        <span data-testid={`pay-apply-${row.orderNum}`}>{formatUsd(applied)}</span> {badge}
      </div>
    );
  return (
    <div className="pay-apply">
      <div className="pay-apply__input">
        <Input
          value={form.state.amounts[row.orderId] ?? ''}
          onChange={({ detail }) => form.setOrderAmount(row.orderId, detail.value)}
          inputMode="decimal"
          placeholder="0.00"
          ariaLabel={applyInputLabel(row)}
          invalid={problem !== undefined}
          disabled={disabled}
        />
      </div>
      {badge}
      {problem && (
        <Box color="text-status-error" fontSize="body-s">
          {problem}
        </Box>
      )}
    </div>
  );
}
