import { memo } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Input from '@cloudscape-design/components/input';
import Pagination from '@cloudscape-design/components/pagination';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { usd } from './customers-config';
import { parsePriceInput } from '@bo/shared';
import type { PricingRow } from './pricing-model';
import { GENETICS_LABELS } from '../../format/labels';

export const BRAND_TABLE_PAGE_SIZE = 25;

interface BrandPricingTableProps {
  brandName: string;
  rows: PricingRow[];
  /** The selected rows of this brand. */
  selected: PricingRow[];
  onSelectionChange: (selected: readonly PricingRow[]) => void;
  /** An inline edit of one row's custom price: a price, or null to remove it. */
  onEdit: (row: PricingRow, price: number | null) => void;
}

const geneticsText = (g: PricingRow['genetics']) => (g ? GENETICS_LABELS[g] : '-');

function PriceCell({ row }: { row: PricingRow }) {
  const unsaved = row.pending !== undefined;
  if (row.price === undefined)
    return (
      <Box color="text-body-secondary" variant="span">
        {unsaved ? 'Base (unsaved)' : '-'}
      </Box>
    );
  return (
    <Box variant="span" fontWeight={unsaved ? 'bold' : 'normal'} color={unsaved ? 'text-status-info' : undefined}>
      {usd(row.price)}
      {unsaved ? ' (unsaved)' : ''}
    </Box>
  );
}

/**
 * One brand's products in Edit Customer Pricing: Product Name, Type, Genetics, Extract Type, Weight, Base,
 * Custom Price (editable in place), 25 rows a page so a 5,000-product catalogue stays quick.
 */
function BrandPricingTable({ brandName, rows, selected, onSelectionChange, onEdit }: BrandPricingTableProps) {
  const { items, collectionProps, paginationProps } = useCollection(rows, {
    pagination: { pageSize: BRAND_TABLE_PAGE_SIZE },
    sorting: {},
  });

  const columns: TableProps.ColumnDefinition<PricingRow>[] = [
    { id: 'name', header: 'Product Name', cell: (r) => r.name, sortingField: 'name', isRowHeader: true, width: 260 },
    { id: 'type', header: 'Type', cell: (r) => r.typeName, sortingField: 'typeName' },
    { id: 'genetics', header: 'Genetics', cell: (r) => geneticsText(r.genetics), sortingField: 'genetics' },
    { id: 'extract', header: 'Extract Type', cell: (r) => r.extractTypeName ?? '-', sortingField: 'extractTypeName' },
    {
      id: 'weight',
      header: 'Weight',
      cell: (r) => (r.weight === undefined ? '-' : `${r.weight} g`),
      sortingField: 'weight',
    },
    { id: 'base', header: 'Base', cell: (r) => usd(r.basePrice), sortingField: 'basePrice' },
    {
      id: 'custom',
      header: 'Custom Price',
      cell: (r) => <PriceCell row={r} />,
      sortingComparator: (a, b) => (a.price ?? -1) - (b.price ?? -1),
      minWidth: 170,
      editConfig: {
        ariaLabel: 'Custom price',
        editIconAriaLabel: 'editable',
        errorIconAriaLabel: 'Price error',
        constraintText: 'Empty removes the custom price.',
        validation: (_item, value) => {
          if (typeof value !== 'string' || value.trim() === '') return undefined;
          const parsed = parsePriceInput(value);
          return 'error' in parsed ? parsed.error : undefined;
        },
        editingCell: (item, { currentValue, setValue }) => (
          <Input
            autoFocus
            value={(currentValue as string | undefined) ?? (item.price === undefined ? '' : item.price.toFixed(2))}
            onChange={({ detail }) => setValue(detail.value)}
            inputMode="decimal"
            placeholder={item.basePrice.toFixed(2)}
            ariaLabel={`Custom price of ${item.name}`}
          />
        ),
      },
    },
  ];

  return (
    <Table<PricingRow>
      {...collectionProps}
      items={items}
      trackBy="id"
      variant="borderless"
      contentDensity="compact"
      columnDefinitions={columns}
      selectionType="multi"
      selectedItems={selected}
      onSelectionChange={({ detail }) => onSelectionChange(detail.selectedItems)}
      submitEdit={(item, _column, value) => {
        if (typeof value !== 'string') return;
        if (value.trim() === '') return onEdit(item, null);
        const parsed = parsePriceInput(value);
        if ('value' in parsed) onEdit(item, parsed.value);
      }}
      ariaLabels={{
        tableLabel: `${brandName} products`,
        selectionGroupLabel: `${brandName} product selection`,
        allItemsSelectionLabel: () => `Select all ${brandName} products on this page`,
        itemSelectionLabel: (_s, item) => `Select ${item.name}`,
        activateEditLabel: (_c, item) => `Edit custom price of ${item.name}`,
        cancelEditLabel: () => 'Cancel editing',
        submitEditLabel: () => 'Save price',
      }}
      pagination={rows.length > BRAND_TABLE_PAGE_SIZE ? <Pagination {...paginationProps} /> : undefined}
    />
  );
}

export default memo(BrandPricingTable);
