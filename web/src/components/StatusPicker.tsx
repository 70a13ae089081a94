import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { formatDate } from '../format/dates';
import './status-picker.css';

export interface StatusPickerProps {
  label: string;
  value: string;
  /** From `statusOptions` (format/statuses), so a status reads the same everywhere. */
  options: SelectProps.Option[];
  /** When the status last changed: shown under the label. */
  changedOn: string;
  /** Without it the picker is read-only (spec section 4), e.g. a payment status earned from payments. */
  onChange?: (value: string) => void;
  /** Said under the date of the last change, e.g. why the picker is read-only. */
  note?: string;
  /** Outlines the picker while its value differs from the saved one (spec: Edit Order). */
  changed?: boolean;
  disabled?: boolean;
  errorText?: string;
  testId?: string;
}

/** A status or payment-status picker with when it last changed (sales and purchase orders). */
export default function StatusPicker({
  label,
  value,
  options,
  changedOn,
  onChange,
  note,
  changed = false,
  disabled,
  errorText,
  testId,
}: StatusPickerProps) {
  return (
    <div className={changed ? 'bo-status-picker--changed' : undefined}>
      <FormField
        label={label}
        description={`Last changed ${formatDate(changedOn)}`}
        constraintText={note}
        errorText={errorText}
      >
        <Select
          selectedOption={options.find((o) => o.value === value) ?? null}
          options={options}
          onChange={({ detail }) => onChange?.(detail.selectedOption.value ?? value)}
          readOnly={!onChange}
          disabled={disabled}
          ariaLabel={label}
          data-testid={testId}
        />
      </FormField>
    </div>
  );
}
