import { useMemo, useState, type ReactNode } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { ColumnPreferences } from '../../../components/TablePreferences';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { NO_VALUE } from '../../../format/dates';
import { TableEmptyState, TableNoMatchState } from '../../../components/table-states';
import { useLocalStorage } from '../../../components/use-local-storage';
import {
  EMPTY_FILTERS,
  filterRows,
  geneticsLabel,
  rowAvailable,
  rowResulting,
  searchPick,
  sortRows,
  weightKey,
  weightLabel,
  type RestockFilters,
  type RestockRow,
  type SortField,
  type Sorting,
} from './restock-rows';
import {
  RESTOCK_COLUMNS,
  RESTOCK_DEFAULT_PREFERENCES,
  RESTOCK_DISPLAY_OPTIONS,
  RESTOCK_PREFERENCES_KEY,
  RESTOCK_STICKY_COLUMNS,
  type RestockColumnId,
} from './restock-config';
import { quantityIn, type PurchaseForm } from './use-purchase-form';

export const TABLE_TEXT = {
  noBrand: 'Select a brand above to restock',
  noProducts: 'No products available for this brand',
  failed: 'Failed to load products.',
  addProduct: '+ Product',
} as const;

const PAGE_SIZE = 50;

interface RestockTableProps {
  form: PurchaseForm;
  rows: readonly RestockRow[];
  brandSelected: boolean;
  loading: boolean;
  failed: boolean;
  /** Units on order could not be read: the column shows a dash. */
  onOrderKnown: boolean;
  disabled: boolean;
  onAddProduct: () => void;
}

/** Type, weight, genetics and extract type under the product's name, e.g. `Concentrate · 1 g · Hybrid · Live resin`. */
const productDetail = (r: RestockRow): string =>
  [r.type, r.weight === undefined ? '' : weightLabel(r.weight), geneticsLabel(r.genetics), r.extractType]
    .filter(Boolean)
    .join(' · ');

const options = (values: Array<{ value: string; label: string }>): MultiselectProps.Option[] =>
  values.map((v) => ({ value: v.value, label: v.label }));

/**
 * The selectable product table (spec section 2): sort, multi-select, search and filters; the order-quantity
 * box shows on selected rows only. The header checkbox selects the page's rows (50); 'Select all N' every row the
 * search and filters list. In the search, Enter selects the first match, or the Nth when the search
 * ends in a number (`gelato 2`, or `2` alone), then clears the search for the next product.
 */
export default function RestockTable({
  form,
  rows,
  brandSelected,
  loading,
  failed,
  onOrderKnown,
  disabled,
  onAddProduct,
}: RestockTableProps) {
  const [filters, setFilters] = useState<RestockFilters>(EMPTY_FILTERS);
  const [sorting, setSorting] = useState<Sorting>({ field: 'name', descending: false });
  const [page, setPage] = useState(1);
  const [preferences, setPreferences] = useLocalStorage(RESTOCK_PREFERENCES_KEY, RESTOCK_DEFAULT_PREFERENCES);
  const { quantityOf } = form;

  const typeOptions = useMemo(
    () => options([...new Set(rows.map((r) => r.type))].sort().map((t) => ({ value: t, label: t }))),
    [rows],
  );
  const weightOptions = useMemo(() => {
    const weights = [...new Map(rows.map((r) => [weightKey(r.weight), r.weight])).entries()];
    weights.sort((a, b) => (a[1] ?? -1) - (b[1] ?? -1));
    return options(weights.map(([key, w]) => ({ value: key, label: weightLabel(w) })));
  }, [rows]);

  const filteredRows = useMemo(() => filterRows(rows, filters), [rows, filters]);
  // Sorting by quantity follows the typed quantities; other sorts do not re-sort on each keystroke.
  const quantities = sorting.field === 'quantity' || sorting.field === 'resulting' ? form.state : null;
  const listed = useMemo(
    () => sortRows(filteredRows, sorting, (sku) => (quantities ? quantityIn(quantities, sku) : null)),
    [filteredRows, sorting, quantities],
  );
  const pagesCount = Math.max(1, Math.ceil(listed.length / PAGE_SIZE));
  const currentPage = Math.min(page, pagesCount);
  const pageRows = listed.slice((currentPage - 1) * PAGE_SIZE, currentPage * PAGE_SIZE);
  const selectedSet = new Set(form.state.selected);
  const selectedItems = rows.filter((r) => selectedSet.has(r.sku));

  const setFilter = (next: Partial<RestockFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };

  const pick = () => {
    const row = searchPick(listed, filters.search);
    if (!row || disabled) return;
    form.select(row.sku);
    setFilter({ search: '' });
  };

  const num = (n: number) => n.toLocaleString('en-US');
  const cells: Record<RestockColumnId, (r: RestockRow) => ReactNode> = {
    name: (r) => (
      <SpaceBetween size="xxxs">
        <span>{r.name}</span>
        {productDetail(r) && (
          <Box color="text-body-secondary" fontSize="body-s">
            {productDetail(r)}
          </Box>
        )}
      </SpaceBetween>
    ),
    type: (r) => r.type,
    genetics: (r) => geneticsLabel(r.genetics) || NO_VALUE,
    extractType: (r) => r.extractType ?? NO_VALUE,
    weight: (r) => weightLabel(r.weight),
    pending: (r) => num(r.pendingOutboundQuantity),
    onOrder: (r) => (onOrderKnown ? num(r.onOrder) : NO_VALUE),
    available: (r) => num(rowAvailable(r)),
    quantity: (r) => {
      if (!selectedSet.has(r.sku)) return null;
      const line = form.lines.find((l) => l.row.sku === r.sku);
      if (r.received) return `${line?.text ?? ''} (received)`;
      return (
        <div className="po-qty">
          <Input
            value={line?.text ?? ''}
            onChange={({ detail }) => form.setQuantity(r.sku, detail.value)}
            inputMode="numeric"
            invalid={Boolean(line?.error)}
            ariaLabel={`Order quantity of ${r.name}${line?.error ? `: ${line.error}` : ''}`}
            disabled={disabled}
          />
        </div>
      );
    },
    resulting: (r) => num(rowResulting(r, quantityOf(r.sku))),
  };
  const columns: TableProps.ColumnDefinition<RestockRow>[] = RESTOCK_COLUMNS.map((c) => ({
    id: c.id,
    header: c.header,
    sortingField: c.sortingField,
    width: c.width,
    cell: cells[c.id],
  }));
  const sortingColumn = columns.find((c) => c.sortingField === sorting.field);

  const filtered =
    filters.search.trim() !== '' || filters.types.length > 0 || filters.weights.length > 0 ? listed.length : undefined;

  return (
    <>
      {failed && (
        <Alert type="error" statusIconAriaLabel="Error">
          {TABLE_TEXT.failed}
        </Alert>
      )}
      <Table
        variant="embedded"
        items={pageRows}
        columnDefinitions={columns}
        trackBy="sku"
        wrapLines
        columnDisplay={preferences.contentDisplay}
        stickyColumns={RESTOCK_STICKY_COLUMNS}
        preferences={
          <ColumnPreferences
            preferences={preferences}
            defaults={RESTOCK_DEFAULT_PREFERENCES}
            onChange={setPreferences}
            contentDisplayOptions={RESTOCK_DISPLAY_OPTIONS}
          />
        }
        selectionType="multi"
        selectedItems={selectedItems}
        isItemDisabled={(r) => disabled || r.received === true}
        onSelectionChange={({ detail }) => form.setSelected(detail.selectedItems.map((r) => r.sku))}
        sortingColumn={sortingColumn}
        sortingDescending={sorting.descending}
        onSortingChange={({ detail }) =>
          setSorting({
            field: (detail.sortingColumn.sortingField as SortField | undefined) ?? 'name',
            descending: detail.isDescending ?? false,
          })
        }
        loading={brandSelected && loading}
        loadingText="Loading products"
        ariaLabels={{
          selectionGroupLabel: 'Products to order',
          allItemsSelectionLabel: () => 'Select all products on this page',
          itemSelectionLabel: (_, r) => `Select ${r.name}`,
          tableLabel: 'Products',
        }}
        header={
          <Header
            variant="h3"
            counter={brandSelected ? `(${form.state.selected.length}/${rows.length})` : undefined}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                {listed.length > PAGE_SIZE && (
                  <Button
                    onClick={() => form.setSelected([...form.state.selected, ...listed.map((r) => r.sku)])}
                    disabled={disabled}
                  >
                    {`Select all ${listed.length}`}
                  </Button>
                )}
                <Button onClick={onAddProduct} disabled={disabled}>
                  {TABLE_TEXT.addProduct}
                </Button>
              </SpaceBetween>
            }
          >
            Products
          </Header>
        }
        filter={
          <div className="po-filters">
            <div className="po-filters__search">
              <Input
                type="search"
                value={filters.search}
                onChange={({ detail }) => setFilter({ search: detail.value })}
                onKeyDown={({ detail }) => {
                  if (detail.key === 'Enter') pick();
                }}
                placeholder="Search; Enter selects the first match, 'name 2' the second"
                ariaLabel="Search products"
                disabled={!brandSelected}
              />
            </div>
            <Multiselect
              selectedOptions={typeOptions.filter((o) => filters.types.includes(o.value ?? ''))}
              options={typeOptions}
              onChange={({ detail }) => setFilter({ types: detail.selectedOptions.map((o) => o.value ?? '') })}
              placeholder="Type"
              ariaLabel="Filter by type"
              hideTokens
              disabled={!brandSelected}
            />
            <Multiselect
              selectedOptions={weightOptions.filter((o) => filters.weights.includes(o.value ?? ''))}
              options={weightOptions}
              onChange={({ detail }) => setFilter({ weights: detail.selectedOptions.map((o) => o.value ?? '') })}
              placeholder="Weight"
              ariaLabel="Filter by weight"
              hideTokens
              disabled={!brandSelected}
            />
            {filtered !== undefined && (
              <span className="po-filters__count">{`${filtered} match${filtered === 1 ? '' : 'es'}`}</span>
            )}
          </div>
        }
        pagination={
          pagesCount > 1 ? (
            <Pagination
              currentPageIndex={currentPage}
              pagesCount={pagesCount}
              onChange={({ detail }) => setPage(detail.currentPageIndex)}
              ariaLabels={{
                nextPageLabel: 'Next page',
                previousPageLabel: 'Previous page',
                pageLabel: (n) => `Page ${n}`,
              }}
            />
          ) : undefined
        }
        empty={
          !brandSelected ? (
            <TableEmptyState title={TABLE_TEXT.noBrand} />
          ) : failed ? (
            <TableEmptyState title={TABLE_TEXT.failed} />
          ) : rows.length === 0 ? (
            <TableEmptyState title={TABLE_TEXT.noProducts} />
          ) : (
            <TableNoMatchState onClearFilter={() => setFilter(EMPTY_FILTERS)} />
          )
        }
      />
    </>
  );
}
