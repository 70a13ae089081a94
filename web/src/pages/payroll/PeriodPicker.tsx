import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import {
  adjacentPeriod,
  FIRST_YEAR,
  LAST_YEAR,
  monthFromPicker,
  monthToPicker,
  PAY_PERIODS,
  periodLabel,
  type PayPeriod,
  type PeriodRef,
} from '@bo/shared';
import { currentPeriod, monthName } from './payroll-routes';

// The month picker's values are zero-based, like a date picker's; the period holds 1–12 (`monthFromPicker`).
const MONTH_OPTIONS = Array.from({ length: 12 }, (_, zeroBased) => ({
  value: String(zeroBased),
  label: monthName(monthFromPicker(zeroBased)),
}));

/** Three years back and one ahead, inside the years the API takes (the shared date window). */
const yearOptions = (year: number) =>
  Array.from({ length: 5 }, (_, i) => year - 3 + i)
    .filter((y) => y >= FIRST_YEAR && y <= LAST_YEAR)
    .map((y) => ({ value: String(y), label: String(y) }));

/** Whether the period next to this one (by `step`) is inside the window. */
const canStep = (ref: PeriodRef, step: 1 | -1) => {
  const year = adjacentPeriod(ref, step).year;
  return year >= FIRST_YEAR && year <= LAST_YEAR;
};

/** Year, month and half (A '(1st - 15th)', B '(16th - EOM)'), with previous/next period buttons. */
export default function PeriodPicker({ value, onChange }: { value: PeriodRef; onChange: (next: PeriodRef) => void }) {
  const month = String(monthToPicker(value.month));
  return (
    <SpaceBetween direction="horizontal" size="s" alignItems="end">
      <Button
        iconName="angle-left"
        ariaLabel="Previous period"
        disabled={!canStep(value, -1)}
        onClick={() => onChange(adjacentPeriod(value, -1))}
      />
      <FormField label="Year">
        <Select
          ariaLabel="Year"
          data-testid="period-year"
          selectedOption={{ value: String(value.year), label: String(value.year) }}
          options={yearOptions(currentPeriod().year)}
          onChange={({ detail }) => onChange({ ...value, year: Number(detail.selectedOption.value) })}
        />
      </FormField>
      <FormField label="Month">
        <Select
          ariaLabel="Month"
          data-testid="period-month"
          selectedOption={MONTH_OPTIONS.find((o) => o.value === month) ?? null}
          options={MONTH_OPTIONS}
          onChange={({ detail }) => onChange({ ...value, month: monthFromPicker(Number(detail.selectedOption.value)) })}
        />
      </FormField>
      <FormField label="Period">
        <SegmentedControl
          label="Pay period"
          selectedId={value.payPeriod}
          options={PAY_PERIODS.map((p) => ({ id: p, text: `${p} ${periodLabel(p)}` }))}
          onChange={({ detail }) => onChange({ ...value, payPeriod: detail.selectedId as PayPeriod })}
        />
      </FormField>
      <Button
        iconName="angle-right"
        ariaLabel="Next period"
        disabled={!canStep(value, 1)}
        onClick={() => onChange(adjacentPeriod(value, 1))}
      />
    </SpaceBetween>
  );
}
