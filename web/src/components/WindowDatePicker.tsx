import DatePicker, { type DatePickerProps } from '@cloudscape-design/components/date-picker';
import { dayError, dayNotOfferedReason, isDayOffered } from './date-window';

/**
 * A Cloudscape DatePicker that offers only the days the API takes (the shared date rule) and shows a typed
 * day outside them as invalid; the form around it shows `dayError` and does not send.
 */
export default function WindowDatePicker(props: Omit<DatePickerProps, 'isDateEnabled' | 'dateDisabledReason'>) {
  return (
    <DatePicker
      {...props}
      isDateEnabled={isDayOffered}
      dateDisabledReason={dayNotOfferedReason}
      invalid={props.invalid || dayError('', props.value) !== undefined}
    />
  );
}
