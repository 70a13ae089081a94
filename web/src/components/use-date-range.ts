import { useMemo, useState } from 'react';
import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import { rangeInterval } from './range-filter-config';

/**
 * A list's date range and the interval it stands for. The interval is measured from when the range was last
 * chosen, so it (and the query key built from it) holds still while the page stays open, and a range picked
 * again the next day means the next day's "last 30 days".
 */
export function useDateRange(initial: DateRangePickerProps.Value | null) {
  const [range, setRangeValue] = useState(initial);
  const [now, setNow] = useState(() => new Date());
  const interval = useMemo(() => rangeInterval(range, now), [range, now]);
  const setRange = (value: DateRangePickerProps.Value | null) => {
    setRangeValue(value);
    setNow(new Date());
  };
  return { range, interval, setRange };
}
