import DateRangePicker, { type DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import FormField from '@cloudscape-design/components/form-field';
import { dateRangeI18n } from '../../../components/date-range-i18n';
import { isStatementDayEnabled, isValidStatementRange, statementDayDisabledReason } from './statement-range';
import { STATEMENT_TEXT } from './statement-text';

const I18N = dateRangeI18n(STATEMENT_TEXT.rangeLabel);

export interface StatementPeriodFieldProps {
  value: DateRangePickerProps.Value | null;
  onChange: (value: DateRangePickerProps.Value | null) => void;
  disabled?: boolean;
}

/** The period of a statement: absolute calendar days, up to today, at most the API's widest range. */
export default function StatementPeriodField({ value, onChange, disabled }: StatementPeriodFieldProps) {
  return (
    <FormField label={STATEMENT_TEXT.rangeLabel} description={STATEMENT_TEXT.rangeDescription}>
      <DateRangePicker
        value={value}
        onChange={({ detail }) => onChange(detail.value)}
        relativeOptions={[]}
        rangeSelectorMode="absolute-only"
        dateOnly
        isValidRange={isValidStatementRange}
        isDateEnabled={isStatementDayEnabled}
        dateDisabledReason={statementDayDisabledReason}
        i18nStrings={I18N}
        placeholder={STATEMENT_TEXT.rangePlaceholder}
        disabled={disabled}
        expandToViewport
      />
    </FormField>
  );
}
