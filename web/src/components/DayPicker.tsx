import { useState } from 'react';
import WindowDatePicker from './WindowDatePicker';
import { dayError } from './date-window';

const WHOLE_DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface DayPickerProps {
  /** The day chosen (`YYYY-MM-DD`), or '' for none. */
  value: string;
  /** Called with a whole day the API takes (or '' when cleared and `clearable`), never with a half-typed one. */
  onChange: (day: string) => void;
  ariaLabel: string;
  clearable?: boolean;
}

/**
 * A day held in the address (the Deliveries board's, the collections' filter): what is typed stays in the picker
 * until it is a whole day the API takes, and only then is handed on, so a half-typed date never reaches the
 * address or a request.
 */
export default function DayPicker({ value, onChange, ariaLabel, clearable = false }: DayPickerProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const type = (next: string) => {
    if ((next === '' && clearable) || (WHOLE_DAY.test(next) && dayError('', next) === undefined)) {
      setTyped(null);
      onChange(next);
    } else setTyped(next);
  };
  return (
    <WindowDatePicker
      value={typed ?? value}
      onChange={({ detail }) => type(detail.value)}
      placeholder="YYYY/MM/DD"
      ariaLabel={ariaLabel}
      openCalendarAriaLabel={(selected) => `Choose the day${selected ? `, selected ${selected}` : ''}`}
    />
  );
}
