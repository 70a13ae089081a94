import { useState } from 'react';
import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { COMPARISONS, NO_REP, REPORT_INTERVALS, type SalesDimension } from '@bo/shared';
import { useApiQuery } from '../../api/hooks';
import { pickOption, SelectField } from './ReportLayout';
import { RangeIntervalFields } from './ReportRangeField';
import {
  COMPARISON_LABELS,
  type controlsProblem,
  customerIntervalOk,
  CUSTOMER_TYPE_OPTIONS,
  DIMENSION_LABELS,
  INTERVAL_LABELS,
  type SalesControls,
} from './sales-report-config';

const LIST_STALE_MS = 5 * 60_000;
const NONE = '';

/** The Sales report's controls: range, interval, grouping, one filter and a comparison. */

interface ControlsProps {
  controls: SalesControls;
  onChange: (next: Partial<SalesControls>) => void;
  problem: ReturnType<typeof controlsProblem>;
  filterDimensions: SalesDimension[];
  groupDimensions: SalesDimension[];
  /** The filter value's name as the report gave it (until the list loads). */
  filterLabel?: string;
  canListCustomers: boolean;
}

/** Range, interval, grouping, one filter and a comparison: each change is a new address. */
export default function SalesControlsForm({
  controls,
  onChange,
  problem,
  filterDimensions,
  groupDimensions,
  filterLabel,
  canListCustomers,
}: ControlsProps) {
  const [pendingDimension, setPendingDimension] = useState<SalesDimension | undefined>(undefined);
  const dimension = controls.filter?.dimension ?? pendingDimension;

  const groupOptions: SelectProps.Option[] = [
    { value: NONE, label: 'None' },
    ...groupDimensions.map((d) => ({
      value: d,
      label: DIMENSION_LABELS[d],
      disabled: (d === 'customer' && !customerIntervalOk(controls.interval)) || d === controls.filter?.dimension,
      description: d === 'customer' && !customerIntervalOk(controls.interval) ? 'By month or quarter only' : undefined,
    })),
  ];
  const compareOptions: SelectProps.Option[] = [
    { value: NONE, label: 'None' },
    ...COMPARISONS.map((c) => ({ value: c, label: COMPARISON_LABELS[c] })),
  ];
  const dimensionOptions: SelectProps.Option[] = [
    { value: NONE, label: 'None' },
    ...filterDimensions.map((d) => ({ value: d, label: DIMENSION_LABELS[d] })),
  ];
  return (
    <RangeIntervalFields
      controls={controls}
      problem={problem}
      intervals={REPORT_INTERVALS.map((i) => ({
        id: i,
        text: INTERVAL_LABELS[i],
        disabled: controls.groupBy === 'customer' && !customerIntervalOk(i),
      }))}
      onChange={onChange}
    >
      <SelectField
        label="Group by"
        value={controls.groupBy}
        options={groupOptions}
        onChange={(groupBy) => onChange({ groupBy: (groupBy || undefined) as SalesDimension | undefined })}
      />
      {filterDimensions.length > 0 && (
        <FormField label="Filter by">
          <SpaceBetween direction="horizontal" size="xs">
            <Select
              selectedOption={pickOption(dimensionOptions, dimension)}
              options={dimensionOptions}
              ariaLabel="Filter by"
              onChange={({ detail }) => {
                const next = (detail.selectedOption.value || undefined) as SalesDimension | undefined;
                setPendingDimension(next);
                if (controls.filter && controls.filter.dimension !== next) onChange({ filter: undefined });
              }}
            />
            {dimension && (
              <FilterValue
                dimension={dimension}
                value={controls.filter?.dimension === dimension ? controls.filter.key : undefined}
                label={filterLabel}
                canListCustomers={canListCustomers}
                onChange={(key) =>
                  onChange({
                    filter: { dimension, key },
                    // Grouping by what is filtered shows one row: drop it.
                    ...(controls.groupBy === dimension ? { groupBy: undefined } : {}),
                  })
                }
              />
            )}
          </SpaceBetween>
        </FormField>
      )}
      <SelectField
        label="Compare with"
        value={controls.compare}
        options={compareOptions}
        onChange={(compare) => onChange({ compare: (compare || undefined) as SalesControls['compare'] })}
      />
    </RangeIntervalFields>
  );
}

/** The filter's value: the brands, customers, customer types, product types or users (reps) to choose from. */
function FilterValue({
  dimension,
  value,
  label,
  canListCustomers,
  onChange,
}: {
  dimension: SalesDimension;
  value: string | undefined;
  label?: string;
  canListCustomers: boolean;
  onChange: (key: string) => void;
}) {
  const options = useFilterOptions(dimension, canListCustomers);
  const selected = value ? (options.options.find((o) => o.value === value) ?? { value, label: label ?? value }) : null;
  return (
    <Select
      selectedOption={selected}
      options={options.options}
      statusType={options.status}
      loadingText="Loading"
      errorText="Could not load the list"
      filteringType="auto"
      placeholder={`Choose a ${DIMENSION_LABELS[dimension].toLowerCase()}`}
      ariaLabel={`${DIMENSION_LABELS[dimension]} to filter by`}
      empty="Nothing to choose"
      expandToViewport
      onChange={({ detail }) => detail.selectedOption.value && onChange(detail.selectedOption.value)}
    />
  );
}

const byLabel = (a: SelectProps.Option, b: SelectProps.Option) => (a.label ?? '').localeCompare(b.label ?? '', 'en-US');

/** Each dimension's values, from the lists the app already reads; only the chosen dimension's list is asked for. */
function useFilterOptions(
  dimension: SalesDimension,
  canListCustomers: boolean,
): { options: SelectProps.Option[]; status: SelectProps['statusType'] } {
  const brands = useApiQuery('brands.getAll', {}, { enabled: dimension === 'brand', staleTime: LIST_STALE_MS });
  const customers = useApiQuery(
    'customers.getAll',
    {},
    { enabled: dimension === 'customer' && canListCustomers, staleTime: LIST_STALE_MS },
  );
  const types = useApiQuery(
    'products.getProductTypes',
    {},
    { enabled: dimension === 'productType', staleTime: LIST_STALE_MS },
  );
  const users = useApiQuery('users.getAll', {}, { enabled: dimension === 'rep', staleTime: LIST_STALE_MS });
  const status = (q: { isPending: boolean; isError: boolean }): SelectProps['statusType'] =>
    q.isError ? 'error' : q.isPending ? 'loading' : 'finished';
  switch (dimension) {
    case 'brand':
      return {
        options: (brands.data?.res ?? []).map((b) => ({ value: b.id, label: b.name })).sort(byLabel),
        status: status(brands),
      };
    case 'customer':
      return {
        options: (customers.data ?? []).map((c) => ({ value: c.id, label: c.customerName })).sort(byLabel),
        status: status(customers),
      };
    case 'productType':
      // Sales are kept by the type's name.
      return {
        options: (types.data ?? []).map((t) => ({ value: t.name, label: t.name })).sort(byLabel),
        status: status(types),
      };
    case 'customerType':
      return { options: CUSTOMER_TYPE_OPTIONS, status: 'finished' };
    case 'rep':
      return {
        options: [
          { value: NO_REP, label: 'No account owner' },
          ...(users.data?.res ?? []).map((u) => ({ value: u.id, label: u.name })).sort(byLabel),
        ],
        status: status(users),
      };
  }
}
