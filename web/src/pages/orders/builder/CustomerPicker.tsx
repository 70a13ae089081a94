import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import type { Customer } from '@bo/shared';

export const CUSTOMER_TEXT = {
  label: 'Customer*',
  error: 'Error fetching customers',
} as const;

/** The searchable, required customer picker of New Order (starred label, spec section 5). */
export default function CustomerPicker({
  customers,
  value,
  onChange,
  disabled,
}: {
  customers: { data?: Customer[]; isError: boolean; isPending: boolean };
  value: string | null;
  onChange: (customerId: string | null) => void;
  disabled?: boolean;
}) {
  const options: SelectProps.Option[] = (customers.data ?? [])
    .map((c) => ({
      value: c.id,
      label: c.customerName,
      description: [c.type, c.contactName].filter(Boolean).join(' · '),
      tags: c.customPricingCount ? [`${c.customPricingCount} custom prices`] : undefined,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en-US'));
  const selected = options.find((o) => o.value === value) ?? null;
  return (
    <FormField label={CUSTOMER_TEXT.label} errorText={customers.isError ? CUSTOMER_TEXT.error : undefined}>
      <Select
        selectedOption={selected}
        options={options}
        onChange={({ detail }) => onChange(detail.selectedOption.value ?? null)}
        filteringType="auto"
        filteringPlaceholder="Search customers"
        placeholder="Choose a customer"
        statusType={customers.isPending ? 'loading' : customers.isError ? 'error' : 'finished'}
        loadingText="Loading customers"
        errorText={CUSTOMER_TEXT.error}
        empty="No customers"
        ariaRequired
        data-testid="customer-picker"
        disabled={disabled}
      />
    </FormField>
  );
}
