import { canTakePayment } from '@bo/shared';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { errorMessage } from '../../../api/client';
import { applyToColumns, selectLabel } from './apply-to-columns';
import { PAYMENT_TEXT } from './payment-text';
import type { PayRow, usePaymentData } from './use-payment-data';
import type { PaymentForm } from './use-payment-form';

/**
 * The 'Apply To' table (spec sections 2 and 4): Single selects exactly one order (radio), Split several with an
 * Apply $ box each and 'Balance to selected orders'. Zero-balance orders are greyed and cannot be selected.
 */
export default function ApplyToTable({
  form,
  data,
  disabled,
}: {
  form: PaymentForm;
  data: ReturnType<typeof usePaymentData>;
  disabled: boolean;
}) {
  const { state } = form;
  const noCustomer = state.customerId === null;
  const loading = !noCustomer && data.orders.isPending;
  const failed = data.orders.isError ? errorMessage(data.orders.error, PAYMENT_TEXT.ordersError) : null;
  return (
    <Table<PayRow>
      variant="embedded"
      data-testid="pay-apply-to"
      header={
        <Header
          variant="h3"
          counter={state.selected.length ? `(${form.selectedRows.length} selected)` : undefined}
          actions={
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <SegmentedControl
                label="Apply mode"
                selectedId={state.split ? 'split' : 'single'}
                onChange={({ detail }) => form.setSplit(detail.selectedId === 'split')}
                options={[
                  { id: 'single', text: PAYMENT_TEXT.single, disabled },
                  { id: 'split', text: PAYMENT_TEXT.split, disabled },
                ]}
              />
              <Button
                onClick={form.balanceSelected}
                disabled={disabled || !state.split || form.selectedRows.length === 0}
                disabledReason={
                  state.split ? 'Select the orders to balance first' : 'Switch to Split to share the funds over orders'
                }
              >
                {PAYMENT_TEXT.balanceSelected}
              </Button>
            </SpaceBetween>
          }
        >
          {PAYMENT_TEXT.applyTo}
        </Header>
      }
      items={noCustomer ? [] : data.rows}
      trackBy="orderId"
      columnDefinitions={applyToColumns(form, disabled)}
      selectionType={state.split ? 'multi' : 'single'}
      selectedItems={form.selectedRows}
      onSelectionChange={({ detail }) => form.setSelected(detail.selectedItems.map((r) => r.orderId))}
      isItemDisabled={(row) => disabled || !canTakePayment(row)}
      ariaLabels={{
        selectionGroupLabel: 'Orders to apply the payment to',
        allItemsSelectionLabel: () => 'Select every order with a balance',
        itemSelectionLabel: (_, row) => selectLabel(row),
      }}
      loading={loading}
      loadingText="Loading orders"
      empty={
        <Box textAlign="center" color={failed ? 'text-status-error' : 'inherit'} padding="s">
          {failed ?? (noCustomer ? PAYMENT_TEXT.chooseCustomer : PAYMENT_TEXT.noOrders)}
        </Box>
      }
      wrapLines
    />
  );
}
