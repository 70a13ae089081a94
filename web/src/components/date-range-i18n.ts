import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';

/** The English strings of every DateRangePicker, with the picker's own accessible name. */
export const dateRangeI18n = (ariaLabel: string): DateRangePickerProps.I18nStrings => ({
  ariaLabel,
  modeSelectionLabel: 'Date range mode',
  relativeModeTitle: 'Relative range',
  absoluteModeTitle: 'Absolute range',
  relativeRangeSelectionHeading: 'Choose a range',
  startDateLabel: 'Start date',
  endDateLabel: 'End date',
  cancelButtonLabel: 'Cancel',
  clearButtonLabel: 'Clear',
  applyButtonLabel: 'Apply',
  customRelativeRangeOptionLabel: 'Custom range',
  customRelativeRangeOptionDescription: 'Set a custom range in the past',
  customRelativeRangeUnitLabel: 'Unit of time',
  customRelativeRangeDurationLabel: 'Duration',
  customRelativeRangeDurationPlaceholder: 'Enter duration',
  formatRelativeRange: (e) => `Last ${e.amount} ${e.unit}${e.amount === 1 ? '' : 's'}`,
  formatUnit: (unit, value) => (value === 1 ? unit : `${unit}s`),
});
