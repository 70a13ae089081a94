import { useMemo, type ReactNode } from 'react';
import type { UseCollectionResult } from '@cloudscape-design/collection-hooks';
import DateRangePicker, { type DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import PropertyFilter, { type PropertyFilterProps } from '@cloudscape-design/components/property-filter';
import { dateRangeI18n } from './date-range-i18n';
import { dayNotOfferedReason, isDayOffered } from './date-window';
import { matchesText } from '../format/counts';
import { isFiltering, isValidRange, RELATIVE_OPTIONS } from './range-filter-config';
import './range-filter-bar.css';

export interface RangeFilterBarProps {
  /** `propertyFilterProps` from `useCollection`. */
  filter: UseCollectionResult<unknown>['propertyFilterProps'];
  filteringOptions: PropertyFilterProps['filteringOptions'];
  filteredItemsCount: number | undefined;
  /** The filter's accessible name, e.g. "Filter orders". */
  filterLabel: string;
  filterPlaceholder: string;
  /** Called with the new query after the collection has taken it. */
  onFilterChange?: (query: PropertyFilterProps.Query) => void;
  range: DateRangePickerProps.Value | null;
  onRangeChange: (value: DateRangePickerProps.Value | null) => void;
  /** The date range's placeholder and accessible name, e.g. "Created between". */
  rangeLabel: string;
  /** Controls after the date range (the Orders page's saved views). */
  children?: ReactNode;
}

/** The filter row of a list read by date range: a property filter with its match count, then the range. */
export default function RangeFilterBar(props: RangeFilterBarProps) {
  const { filter, onFilterChange, rangeLabel } = props;
  const rangeI18n = useMemo(() => dateRangeI18n(rangeLabel), [rangeLabel]);
  return (
    <div className="bo-range-filter">
      <div className="bo-range-filter-property">
        <PropertyFilter
          {...filter}
          onChange={(event) => {
            filter.onChange(event);
            onFilterChange?.(event.detail);
          }}
          filteringOptions={props.filteringOptions}
          filteringAriaLabel={props.filterLabel}
          filteringPlaceholder={props.filterPlaceholder}
          countText={isFiltering(filter.query) ? matchesText(props.filteredItemsCount ?? 0) : undefined}
          expandToViewport
        />
      </div>
      <div className="bo-range-filter-range">
        <DateRangePicker
          value={props.range}
          onChange={({ detail }) => props.onRangeChange(detail.value)}
          relativeOptions={RELATIVE_OPTIONS}
          isValidRange={isValidRange}
          isDateEnabled={isDayOffered}
          dateDisabledReason={dayNotOfferedReason}
          i18nStrings={rangeI18n}
          placeholder={rangeLabel}
          dateOnly
          rangeSelectorMode="default"
          showClearButton={false}
          expandToViewport
        />
      </div>
      {props.children && <div className="bo-range-filter-extra">{props.children}</div>}
    </div>
  );
}
