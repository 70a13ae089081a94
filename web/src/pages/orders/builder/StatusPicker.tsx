import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { formatDate } from '../../../format/dates';

export interface StatusPickerProps {
  label: string;
  value: string;
  /** From `statusOptions` (format/statuses), so a status reads the same everywhere. */
  options: SelectProps.Option[];
  /** When the status last changed: shown under the label. */
  changedOn: string;
  onChange: (value: string) => void;
  /** Outlines the picker while its value differs from the saved one (spec: Edit Order). */
  changed?: boolean;
  disabled?: boolean;
  errorText?: string;
  testId?: string;
}

/** An order's status or payment-status picker, as Edit Order and the read-only view show it. */
export default function StatusPicker({
  label,
  value,
  options,
  changedOn,
  onChange,
  changed = false,
  disabled,
  errorText,
  testId,
}: StatusPickerProps) {
  return (
    <div className={changed ? 'ob-status--highlight' : undefined}>
      <FormField label={label} description={`Last changed ${formatDate(changedOn)}`} errorText={errorText}>
        <Select
          selectedOption={options.find((o) => o.value === value) ?? null}
          options={options}
          onChange={({ detail }) => onChange(detail.selectedOption.value ?? value)}
          disabled={disabled}
          ariaLabel={label}
          data-testid={testId}
        />
      </FormField>
    </div>
  );
}
