import { useMemo, useState, type ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { PurchaseOrder, PurchaseOrderItem } from '@bo/shared';
import { formatMoney } from '../../format/money';
import { formatUnits } from '../../format/counts';
import { groupPurchaseLines, lineDetail } from './line-groups';

/** A row of the lines table: a type-and-weight group (expandable), or one line inside it. */
export type LinesTableRow =
  | { kind: 'group'; key: string; label: string; units: number; stocked: number; lines: LinesTableRow[] }
  | { kind: 'line'; key: string; line: PurchaseOrderItem };

/** The order's lines as groups by type and weight, each holding its line rows. */
export function linesTableRows(items: readonly PurchaseOrderItem[]): LinesTableRow[] {
  return groupPurchaseLines(items).map((group) => ({
    kind: 'group',
    key: `group:${group.key}`,
    label: group.label,
    units: group.lines.reduce((n, l) => n + l.quantity, 0),
    stocked: group.lines.filter((l) => l.hasBeenStocked).length,
    lines: group.lines.map((line) => ({ kind: 'line', key: `line:${line.productSku}`, line })),
  }));
}

const childrenOf = (row: LinesTableRow): LinesTableRow[] => (row.kind === 'group' ? row.lines : []);

export interface PurchaseOrderLinesTableProps {
  order: PurchaseOrder;
  /** Lines may be picked for a partial receive: only lines not yet stocked and with units. */
  selectable: boolean;
  selectedSkus: readonly string[];
  onSelectionChange: (skus: string[]) => void;
  /** Header actions (Receive selected). */
  actions?: ReactNode;
}

/**
 * The purchase order's lines grouped by type and weight (every group open), with the stocked state of each
 * line; unit cost and subtotal only when the API sent them (roles that may see cost).
 */
export default function PurchaseOrderLinesTable({
  order,
  selectable,
  selectedSkus,
  onSelectionChange,
  actions,
}: PurchaseOrderLinesTableProps) {
  const rows = useMemo(() => linesTableRows(order.purchaseOrderItems), [order.purchaseOrderItems]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(rows.map((r) => r.key)));
  const costs = order.purchaseOrderItems.some((l) => l.unitCost !== undefined);
  const lineRows = rows.flatMap(childrenOf);
  const selectedItems = lineRows.filter((r) => r.kind === 'line' && selectedSkus.includes(r.line.productSku));
  const receivable = (row: LinesTableRow) => row.kind === 'line' && !row.line.hasBeenStocked && row.line.quantity > 0;
  const stockedLines = order.purchaseOrderItems.filter((l) => l.hasBeenStocked).length;

  const columns: TableProps.ColumnDefinition<LinesTableRow>[] = [
    {
      id: 'product',
      header: 'Product',
      isRowHeader: true,
      cell: (row) =>
        row.kind === 'group' ? (
          <Box fontWeight="bold">{row.label}</Box>
        ) : (
          <SpaceBetween size="xxxs">
            <span>{row.line.productName}</span>
            {lineDetail(row.line) && (
              <Box color="text-body-secondary" fontSize="body-s">
                {lineDetail(row.line)}
              </Box>
            )}
          </SpaceBetween>
        ),
    },
    {
      id: 'sku',
      header: 'SKU',
      cell: (row) => (row.kind === 'line' ? <span className="bo-po-nowrap">{row.line.productSku}</span> : ''),
    },
    {
      id: 'quantity',
      header: 'Quantity',
      cell: (row) => formatUnits(row.kind === 'group' ? row.units : row.line.quantity),
    },
    ...(costs
      ? [
          {
            id: 'unitCost',
            header: 'Unit cost',
            cell: (row: LinesTableRow) => (row.kind === 'line' ? formatMoney(row.line.unitCost) : ''),
          },
          {
            id: 'subtotal',
            header: 'Subtotal',
            cell: (row: LinesTableRow) => (row.kind === 'line' ? formatMoney(row.line.subtotal) : ''),
          },
        ]
      : []),
    {
      id: 'stocked',
      header: 'Stocked',
      cell: (row) =>
        row.kind === 'group' ? (
          `${row.stocked} of ${row.lines.length} ${row.lines.length === 1 ? 'line' : 'lines'}`
        ) : row.line.hasBeenStocked ? (
          // Statuses read whole ('Not receive/d' was broken at narrow widths).
          <StatusIndicator type="success" wrapText={false}>
            Stocked
          </StatusIndicator>
        ) : row.line.quantity > 0 ? (
          <StatusIndicator type="pending" wrapText={false}>
            Not received
          </StatusIndicator>
        ) : (
          <span className="bo-po-nowrap">
            <Box color="text-status-inactive">No units</Box>
          </span>
        ),
    },
  ];

  return (
    <Table<LinesTableRow>
      variant="container"
      items={rows}
      trackBy="key"
      columnDefinitions={columns}
      wrapLines
      expandableRows={{
        getItemChildren: childrenOf,
        isItemExpandable: (row) => row.kind === 'group',
        expandedItems: rows.filter((r) => expanded.has(r.key)),
        onExpandableItemToggle: ({ detail }) =>
          setExpanded((current) => {
            const next = new Set(current);
            if (detail.expanded) next.add(detail.item.key);
            else next.delete(detail.item.key);
            return next;
          }),
      }}
      selectionType={selectable ? 'multi' : undefined}
      selectedItems={selectedItems}
      isItemDisabled={(row) => !receivable(row)}
      onSelectionChange={({ detail }) =>
        onSelectionChange(detail.selectedItems.flatMap((r) => (r.kind === 'line' ? [r.line.productSku] : [])))
      }
      ariaLabels={{
        tableLabel: `Lines of purchase order ${order.purchaseOrderNum}`,
        selectionGroupLabel: 'Lines to receive',
        itemSelectionLabel: (_, row) =>
          row.kind === 'line' ? `Receive ${row.line.productName}` : `Group ${row.label}`,
        allItemsSelectionLabel: () => 'Every line still to receive',
        expandButtonLabel: (row) => (row.kind === 'group' ? `Show ${row.label}` : ''),
        collapseButtonLabel: (row) => (row.kind === 'group' ? `Hide ${row.label}` : ''),
      }}
      header={
        <Header
          variant="h2"
          counter={`(${stockedLines}/${order.purchaseOrderItems.length} stocked)`}
          description={selectable ? 'Pick the lines that arrived to receive a partial delivery.' : undefined}
          actions={actions}
        >
          Lines
        </Header>
      }
      empty={<Box textAlign="center">This purchase order has no lines.</Box>}
    />
  );
}
