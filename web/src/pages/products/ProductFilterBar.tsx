import { memo, useCallback, useMemo, type KeyboardEvent, type ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Input from '@cloudscape-design/components/input';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import Popover from '@cloudscape-design/components/popover';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { GENETICS, PRODUCT_SORTS, type ProductFilters, type StockFilter } from '@bo/shared';
import {
  digitOf,
  FILTER_FIELDS,
  PRODUCTS_TEXT,
  SHIFT_ACTIONS,
  SHORTCUTS,
  SORT_LABELS,
  type FilterField,
  type FilterOptions,
  type ProductSortState,
  type ShiftAction,
} from './products-config';
import './products.css';

/** What the search box asks of the table: highlight the Nth result, move the highlight, open it. */
export type SearchCommand = { type: 'nth'; n: number } | { type: 'move'; delta: 1 | -1 } | { type: 'open' };

export interface ProductFilterBarProps {
  filters: ProductFilters;
  /** Takes an update of the current filters, so callbacks stay stable between keystrokes. */
  onFiltersChange: (update: (current: ProductFilters) => ProductFilters) => void;
  sort: ProductSortState;
  onSortChange: (next: ProductSortState) => void;
  options: FilterOptions;
  onShortcut: (action: ShiftAction) => void;
  onSearchCommand: (command: SearchCommand) => void;
  /** Saved filters and "Save filter", beside the sort. */
  actions?: ReactNode;
  /** e.g. `12 matches` */
  countText?: string;
}

const SORT_OPTIONS = PRODUCT_SORTS.map((key) => ({ value: key, label: SORT_LABELS[key] }));

/** Turns the Multiselect's option values back into the filter's value types. */
function valuesFor(field: FilterField, selected: readonly MultiselectProps.Option[]): ProductFilters[FilterField] {
  const values = selected.map((o) => o.value ?? '');
  if (field === 'weights') return values.map(Number);
  if (field === 'genetics') return values.filter((v): v is (typeof GENETICS)[number] => GENETICS.includes(v as never));
  if (field === 'stock') return values.filter((v): v is StockFilter => v === 'in' || v === 'out');
  return values;
}

interface FilterSelectProps {
  field: FilterField;
  label: string;
  values: ProductFilters[FilterField];
  options: MultiselectProps.Option[];
  onChange: (field: FilterField, values: ProductFilters[FilterField]) => void;
}

/** One multi-select; memoized so a keystroke in the search does not re-render the six of them. */
const FilterSelect = memo(function FilterSelect({ field, label, values, options, onChange }: FilterSelectProps) {
  const selected = useMemo(() => {
    const wanted = new Set((values as Array<string | number>).map(String));
    return options.filter((o) => wanted.has(o.value ?? ''));
  }, [values, options]);
  return (
    <div className="bo-filter-select">
      <Multiselect
        data-testid={`filter-${field}`}
        selectedOptions={selected}
        options={options}
        inlineLabelText={label}
        placeholder="All"
        ariaLabel={`Filter by ${label.toLowerCase()}`}
        filteringType={options.length > 8 ? 'auto' : 'none'}
        hideTokens
        onChange={({ detail }) => onChange(field, valuesFor(field, detail.selectedOptions))}
        inlineTokens
      />
    </div>
  );
});

/**
 * The products filter/search/sort bar (spec section 2): search, brand/type/genetics/extract/weight/stock
 * filters, sort Name/Price/Stock with a direction toggle, and its keyboard shortcuts (see SHORTCUTS).
 * Filters apply as they change.
 */
function ProductFilterBar({
  filters,
  onFiltersChange,
  sort,
  onSortChange,
  options,
  onShortcut,
  onSearchCommand,
  actions,
  countText,
}: ProductFilterBarProps) {
  const onFieldChange = useCallback(
    (field: FilterField, values: ProductFilters[FilterField]) =>
      onFiltersChange((current) => ({ ...current, [field]: values })),
    [onFiltersChange],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const digit = digitOf(event.nativeEvent);
    const plain = !event.ctrlKey && !event.metaKey;
    if (plain && event.shiftKey && !event.altKey && digit !== null && digit <= SHIFT_ACTIONS.length) {
      event.preventDefault();
      onShortcut(SHIFT_ACTIONS[digit - 1]!);
      return;
    }
    const inSearch = (event.target as HTMLElement).closest('[data-bo-search]') !== null;
    if (!inSearch || !plain) return;
    if (event.altKey && !event.shiftKey && digit !== null) {
      event.preventDefault();
      onSearchCommand({ type: 'nth', n: digit });
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      onSearchCommand({ type: 'move', delta: event.key === 'ArrowDown' ? 1 : -1 });
    } else if (event.key === 'Enter' && !event.altKey && !event.shiftKey) {
      event.preventDefault();
      onSearchCommand({ type: 'open' });
    }
  };

  return (
    <div className="bo-filter-bar" onKeyDown={onKeyDown} role="search" aria-label="Product filters">
      <SpaceBetween size="s">
        <div className="bo-filter-row">
          <div className="bo-filter-search" data-bo-search>
            <Input
              type="search"
              value={filters.searchTerm}
              placeholder={PRODUCTS_TEXT.searchPlaceholder}
              ariaLabel="Search products"
              onChange={({ detail }) => onFiltersChange((current) => ({ ...current, searchTerm: detail.value }))}
            />
          </div>
          {countText && (
            <Box color="text-body-secondary" fontSize="body-s">
              {countText}
            </Box>
          )}
          <div className="bo-filter-sort">
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <Select
                data-testid="sort"
                inlineLabelText="Sort by"
                selectedOption={SORT_OPTIONS.find((o) => o.value === sort.key) ?? null}
                options={SORT_OPTIONS}
                onChange={({ detail }) =>
                  onSortChange({ ...sort, key: (detail.selectedOption.value ?? 'name') as ProductSortState['key'] })
                }
              />
              <Button
                iconName={sort.direction === 'asc' ? 'arrow-up' : 'arrow-down'}
                ariaLabel={
                  sort.direction === 'asc' ? 'Ascending: switch to descending' : 'Descending: switch to ascending'
                }
                onClick={() => onSortChange({ ...sort, direction: sort.direction === 'asc' ? 'desc' : 'asc' })}
              >
                {sort.direction === 'asc' ? 'Ascending' : 'Descending'}
              </Button>
              <Popover
                header="Keyboard shortcuts"
                triggerType="custom"
                size="medium"
                content={
                  <table className="bo-shortcuts">
                    <tbody>
                      {SHORTCUTS.map((s) => (
                        <tr key={s.keys}>
                          <th scope="row">
                            <kbd>{s.keys}</kbd>
                          </th>
                          <td>{s.action}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                }
              >
                <Button variant="icon" iconName="keyboard" ariaLabel="Keyboard shortcuts" />
              </Popover>
              {actions}
            </SpaceBetween>
          </div>
        </div>
        <div className="bo-filter-row">
          {FILTER_FIELDS.map(({ key, label }) => (
            <FilterSelect
              key={key}
              field={key}
              label={label}
              values={filters[key]}
              options={options[key]}
              onChange={onFieldChange}
            />
          ))}
        </div>
      </SpaceBetween>
    </div>
  );
}

export default memo(ProductFilterBar);
