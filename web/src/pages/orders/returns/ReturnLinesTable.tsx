import Box from '@cloudscape-design/components/box';
import Input from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { RETURN_DISPOSITIONS, type ReturnDisposition } from '@bo/shared';
import { DISPOSITION_LABELS } from '../../../components/returns/return-display';
import { formatUnits } from '../../../format/counts';
import { parseQuantity, type ReturnFormState, type ReturnRow } from './return-model';
import { RETURN_ITEMS_TEXT as TEXT } from './return-text';

const DISPOSITION_OPTIONS: SelectProps.Option[] = RETURN_DISPOSITIONS.map((d) => ({
  value: d,
  label: DISPOSITION_LABELS[d],
}));

/** What is wrong with a row's quantity, if anything. */
export function quantityProblem(row: ReturnRow, text: string | undefined): string | undefined {
  const quantity = parseQuantity(text);
  if (quantity === null) return TEXT.wholeNumber;
  if (quantity > row.returnable) return TEXT.atMost(row.returnable);
  return undefined;
}

export interface ReturnLinesTableProps {
  rows: readonly ReturnRow[];
  state: ReturnFormState;
  onQuantity: (sku: string, text: string) => void;
  onDisposition: (sku: string, disposition: ReturnDisposition) => void;
  disabled: boolean;
}

/**
 * One row per product of the order: what was sold, already returned and may still come back, and how many
 * units come back now and what happens to them (back into stock, or written off).
 */
export default function ReturnLinesTable({ rows, state, onQuantity, onDisposition, disabled }: ReturnLinesTableProps) {
  const firstOpen = rows.find((r) => r.returnable > 0)?.sku;
  const columns: TableProps.ColumnDefinition<ReturnRow>[] = [
    {
      id: 'product',
      header: TEXT.product,
      isRowHeader: true,
      cell: (row) => (
        <>
          <Box variant="span">{row.name}</Box>
          <Box variant="small" display="block" color="text-body-secondary">
            {row.sku}
          </Box>
        </>
      ),
    },
    { id: 'sold', header: TEXT.sold, cell: (row) => formatUnits(row.sold) },
    { id: 'returned', header: TEXT.returned, cell: (row) => formatUnits(row.returned) },
    {
      id: 'returnable',
      header: TEXT.returnable,
      cell: (row) =>
        row.returnable > 0 ? formatUnits(row.returnable) : <Box color="text-status-inactive">{TEXT.nothingLeft}</Box>,
    },
    {
      id: 'quantity',
      header: TEXT.quantity,
      minWidth: 110,
      cell: (row) => {
        const problem = quantityProblem(row, state.quantities[row.sku]);
        return (
          <div data-testid="return-quantity" data-sku={row.sku}>
            <Input
              value={state.quantities[row.sku] ?? ''}
              onChange={({ detail }) => onQuantity(row.sku, detail.value)}
              inputMode="numeric"
              placeholder="0"
              ariaLabel={TEXT.quantityLabel(row.name)}
              invalid={problem !== undefined}
              disabled={disabled || row.returnable === 0}
              autoFocus={row.sku === firstOpen}
            />
            {problem && (
              <Box color="text-status-error" fontSize="body-s">
                {problem}
              </Box>
            )}
          </div>
        );
      },
    },
    {
      id: 'disposition',
      header: TEXT.disposition,
      minWidth: 150,
      cell: (row) => {
        const value = state.dispositions[row.sku] ?? 'RESTOCK';
        return (
          <Select
            selectedOption={DISPOSITION_OPTIONS.find((o) => o.value === value) ?? null}
            options={DISPOSITION_OPTIONS}
            onChange={({ detail }) => onDisposition(row.sku, detail.selectedOption.value as ReturnDisposition)}
            ariaLabel={TEXT.dispositionLabel(row.name)}
            disabled={disabled || row.returnable === 0}
            expandToViewport
          />
        );
      },
    },
  ];
  return (
    <Table<ReturnRow>
      variant="embedded"
      contentDensity="compact"
      wrapLines
      items={rows}
      trackBy="sku"
      columnDefinitions={columns}
      ariaLabels={{ tableLabel: TEXT.linesLabel }}
    />
  );
}
