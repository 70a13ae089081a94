import { useEffect, useRef, useState } from 'react';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import Textarea from '@cloudscape-design/components/textarea';
import {
  canUseCredit,
  formatUsd,
  PAYMENT_MESSAGES,
  PAYMENT_METHODS,
  type Cents,
  type Customer,
  type PaymentMethod,
} from '@bo/shared';
import { dayError } from '../../../components/date-window';
import WindowDatePicker from '../../../components/WindowDatePicker';
import { PAYMENT_METHOD_LABELS } from '../../../format/labels';
import { PAYMENT_TEXT } from './payment-text';
import type { PaymentForm } from './use-payment-form';

const METHOD_OPTIONS: SelectProps.Option[] = PAYMENT_METHODS.map((m) => ({
  value: m,
  label: PAYMENT_METHOD_LABELS[m],
}));

/**
 * Customer, payment date, method, amount, credit and notes (spec section 2). `showErrors` turns on the field
 * messages once a submit was tried; the credit cap message shows at once (it explains a changed box).
 */
export default function PaymentFields({
  form,
  customers,
  customerLocked,
  availableCredit,
  creditNow,
  creditState,
  showErrors,
  disabled,
}: {
  form: PaymentForm;
  customers: { data?: Customer[]; isError: boolean; isPending: boolean };
  customerLocked: boolean;
  availableCredit: Cents;
  /** Edit Payment: the customer's credit as it is now (`availableCredit` adds back what the payment used). */
  creditNow?: Cents;
  /** The available credit's query: while loading or failed the box says so (and stays off: credit reads 0). */
  creditState: 'loading' | 'error' | 'ready';
  showErrors: boolean;
  disabled: boolean;
}) {
  const { state } = form;
  const customerRef = useRef<SelectProps.Ref>(null);
  const amountRef = useRef<InputProps.Ref>(null);
  // Focus starts on the first empty field: the customer, else the amount. After the dialog's own focus lock,
  // which puts focus on its first control when it mounts.
  const [startOnAmount] = useState(state.customerId !== null);
  useEffect(() => {
    const timer = setTimeout(() => (startOnAmount ? amountRef.current : customerRef.current)?.focus(), 0);
    return () => clearTimeout(timer);
  }, [startOnAmount]);
  const options: SelectProps.Option[] = (customers.data ?? [])
    .map((c) => ({ value: c.id, label: c.customerName, description: c.contactName || undefined }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en-US'));
  const customer = options.find((o) => o.value === state.customerId) ?? null;
  const creditUsable = canUseCredit(availableCredit);
  const amountError =
    showErrors && form.problems.includes(PAYMENT_MESSAGES.amountRequired) ? PAYMENT_MESSAGES.amountRequired : undefined;
  const creditError =
    form.creditCapped || (showErrors && form.problems.includes(PAYMENT_MESSAGES.creditExceedsAvailable))
      ? PAYMENT_MESSAGES.creditExceedsAvailable
      : undefined;

  return (
    <div className="pay-fields">
      <FormField label={PAYMENT_TEXT.customer} errorText={customers.isError ? 'Error fetching customers' : undefined}>
        <Select
          ref={customerRef}
          selectedOption={customer ?? (customerLocked && state.customerId ? { value: state.customerId } : null)}
          options={options}
          onChange={({ detail }) => form.setCustomer(detail.selectedOption.value ?? null)}
          filteringType="auto"
          filteringPlaceholder="Search customers"
          placeholder="Choose a customer"
          statusType={customers.isPending ? 'loading' : customers.isError ? 'error' : 'finished'}
          loadingText="Loading customers"
          empty="No customers"
          ariaRequired
          disabled={disabled || customerLocked}
          data-testid="pay-customer"
        />
      </FormField>
      <FormField label={PAYMENT_TEXT.paymentDate} errorText={dayError(PAYMENT_TEXT.paymentDate, state.paymentDate)}>
        <WindowDatePicker
          value={state.paymentDate}
          onChange={({ detail }) => form.patch({ paymentDate: detail.value })}
          placeholder="YYYY/MM/DD"
          openCalendarAriaLabel={(selected) => `Choose payment date${selected ? `, selected ${selected}` : ''}`}
          ariaLabel={PAYMENT_TEXT.paymentDate}
          disabled={disabled}
        />
      </FormField>
      <FormField label={PAYMENT_TEXT.method}>
        <Select
          selectedOption={METHOD_OPTIONS.find((o) => o.value === state.paymentMethod) ?? null}
          options={METHOD_OPTIONS}
          onChange={({ detail }) => form.patch({ paymentMethod: detail.selectedOption.value as PaymentMethod })}
          disabled={disabled}
          data-testid="pay-method"
        />
      </FormField>
      <FormField label={PAYMENT_TEXT.amount} errorText={amountError}>
        <Input
          ref={amountRef}
          value={state.amountText}
          onChange={({ detail }) => form.patch({ amountText: detail.value })}
          inputMode="decimal"
          placeholder="0.00"
          disabled={disabled}
        />
      </FormField>
      <div className="pay-credit">
        <Checkbox
          checked={state.creditOn}
          onChange={({ detail }) => form.setCreditOn(detail.checked)}
          disabled={disabled || !creditUsable}
          description={
            creditState === 'loading'
              ? 'Loading available credit…'
              : creditState === 'error'
                ? PAYMENT_TEXT.creditError
                : creditNow !== undefined && creditNow !== availableCredit
                  ? `Available: ${formatUsd(availableCredit)} once this payment is undone (${formatUsd(creditNow)} now)`
                  : `Available: ${formatUsd(availableCredit)}`
          }
        >
          {PAYMENT_TEXT.useCredit}
        </Checkbox>
        <FormField label={PAYMENT_TEXT.credit} errorText={creditError}>
          <Input
            value={state.creditText}
            onChange={({ detail }) => form.setCreditText(detail.value)}
            inputMode="decimal"
            placeholder="0.00"
            disabled={disabled || !state.creditOn}
            invalid={creditError !== undefined}
          />
        </FormField>
      </div>
      <FormField label={PAYMENT_TEXT.notes} className="pay-fields__notes">
        <Textarea
          value={state.notes}
          onChange={({ detail }) => form.patch({ notes: detail.value })}
          rows={2}
          disabled={disabled}
        />
      </FormField>
    </div>
  );
}
