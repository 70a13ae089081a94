import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import Textarea from '@cloudscape-design/components/textarea';
import type { Brand } from '@bo/shared';
import { dayError } from '../../../components/date-window';
import WindowDatePicker from '../../../components/WindowDatePicker';

export const DETAILS_TEXT = {
  brandsFailed: 'Failed to load brands.',
  brandPlaceholder: 'Choose a brand',
} as const;

interface OrderDetailsProps {
  brands: { data?: readonly Brand[]; isPending: boolean; isError: boolean };
  brandId: string | null;
  onBrand: (brandId: string) => void;
  /** Edit: the brand of a saved order is not changed. */
  brandLocked: boolean;
  expectedDeliveryOn: string;
  onExpectedDelivery: (day: string) => void;
  notes: string;
  onNotes: (text: string) => void;
  disabled: boolean;
}

/** Brand picker, expected delivery (outlined red while empty, spec section 5) and order notes. */
export default function OrderDetails({
  brands,
  brandId,
  onBrand,
  brandLocked,
  expectedDeliveryOn,
  onExpectedDelivery,
  notes,
  onNotes,
  disabled,
}: OrderDetailsProps) {
  const options = (brands.data ?? []).map((b) => ({ value: b.id, label: b.name }));
  const selected = options.find((o) => o.value === brandId) ?? null;
  return (
    <div className="po-details">
      <FormField label="Brand" errorText={brands.isError ? DETAILS_TEXT.brandsFailed : undefined}>
        <Select
          selectedOption={selected}
          options={options}
          onChange={({ detail }) => detail.selectedOption.value && onBrand(detail.selectedOption.value)}
          filteringType="auto"
          placeholder={DETAILS_TEXT.brandPlaceholder}
          statusType={brands.isPending ? 'loading' : brands.isError ? 'error' : 'finished'}
          loadingText="Loading brands"
          errorText={DETAILS_TEXT.brandsFailed}
          empty="No brands"
          ariaLabel="Brand"
          disabled={disabled || brandLocked}
          data-testid="po-brand"
        />
      </FormField>
      <FormField label="Expected delivery" errorText={dayError('Expected delivery', expectedDeliveryOn)}>
        <WindowDatePicker
          value={expectedDeliveryOn}
          onChange={({ detail }) => onExpectedDelivery(detail.value)}
          placeholder="YYYY/MM/DD"
          invalid={expectedDeliveryOn === ''}
          openCalendarAriaLabel={(day) => `Choose expected delivery${day ? `, selected ${day}` : ''}`}
          ariaLabel="Expected delivery"
          disabled={disabled}
        />
      </FormField>
      <div className="po-details__notes">
        <FormField label="Notes" stretch>
          <Textarea
            value={notes}
            rows={2}
            onChange={({ detail }) => onNotes(detail.value)}
            placeholder="Order notes"
            ariaLabel="Order notes"
            disabled={disabled}
          />
        </FormField>
      </div>
    </div>
  );
}
