import { useMemo, type ReactNode } from 'react';
import DateRangePicker, { type DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import FormField from '@cloudscape-design/components/form-field';
import { dateRangeI18n } from '../../components/date-range-i18n';
import { dayNotOfferedReason, isDayOffered } from '../../components/date-window';
import { ReportFields, SegmentedField } from './ReportLayout';
import { problemText } from './report-common';

const isValidRange: DateRangePickerProps.ValidationFunction = (range) => {
  if (!range || range.type !== 'absolute' || !range.startDate || !range.endDate)
    return { valid: false, errorMessage: 'Choose a start and an end date.' };
  if (range.startDate > range.endDate)
    return { valid: false, errorMessage: 'The end date must be on or after the start date.' };
  return { valid: true };
};

/** A report's range of days (absolute only), as the Sales and Purchasing reports choose it. */
export default function ReportRangeField({
  from,
  to,
  errorText,
  onChange,
}: {
  from: string;
  to: string;
  errorText?: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  const rangeI18n = useMemo(() => dateRangeI18n('Date range'), []);
  return (
    <FormField label="Date range" errorText={errorText}>
      <DateRangePicker
        value={{ type: 'absolute', startDate: from, endDate: to }}
        onChange={({ detail }) => {
          const v = detail.value;
          if (v?.type === 'absolute' && v.startDate && v.endDate)
            onChange({ from: v.startDate.slice(0, 10), to: v.endDate.slice(0, 10) });
        }}
        rangeSelectorMode="absolute-only"
        relativeOptions={[]}
        dateOnly
        isValidRange={isValidRange}
        isDateEnabled={isDayOffered}
        dateDisabledReason={dayNotOfferedReason}
        i18nStrings={rangeI18n}
        placeholder="Date range"
        showClearButton={false}
        expandToViewport
      />
    </FormField>
  );
}

/** The Sales and Purchasing reports' controls: the range and the interval first, then the report's own (`children`). */
export function RangeIntervalFields<Interval extends string>({
  controls,
  problem,
  intervals,
  onChange,
  children,
}: {
  controls: { from: string; to: string; interval: Interval };
  problem: { field: string; message: string } | undefined;
  intervals: { id: Interval; text: string; disabled?: boolean }[];
  onChange: (next: { from: string; to: string } | { interval: Interval }) => void;
  children: ReactNode;
}) {
  return (
    <ReportFields>
      <ReportRangeField
        from={controls.from}
        to={controls.to}
        errorText={problemText(problem, 'range')}
        onChange={onChange}
      />
      <SegmentedField<Interval>
        label="Interval"
        errorText={problemText(problem, 'interval')}
        selectedId={controls.interval}
        onChange={(interval) => onChange({ interval })}
        options={intervals}
      />
      {children}
    </ReportFields>
  );
}
