import { useMemo, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { Return } from '@bo/shared';
import type { ApiError } from '../../api/client';
import { TableEmptyState } from '../table-states';
import {
  MONEY_COLUMNS,
  RETURN_COLUMN_HEADERS,
  returnCells,
  returnColumnHeader,
  type ReturnColumnId,
} from './return-cells';
import { carriesMoney, RETURN_ACTIONS_TEXT } from './return-display';

export interface ReturnsTableProps {
  query: UseQueryResult<Return[], ApiError>;
  columns: readonly ReturnColumnId[];
  ariaLabel: string;
  /** Offer 'Confirm restock' (INVENTORY, ADMIN). */
  onConfirm?: (creditNote: Return) => void;
  variant?: TableProps['variant'];
  header?: ReactNode;
  pagination?: ReactNode;
  /** The rows to show (a page of them); default every return of the query. */
  items?: readonly Return[];
}

const EMPTY: Return[] = [];
const COMPACT_MIN_WIDTHS: Partial<Record<ReturnColumnId, number>> = { creditNoteDated: 120 };

/**
 * A small list of returns inside a page or dialog (an order's, a customer's): the credit notes with their
 * lines, money (when the reader may see it) and restock state, each with its PDF. Loading, error and empty
 * states included.
 */
export default function ReturnsTable({
  query,
  columns,
  ariaLabel,
  onConfirm,
  variant = 'embedded',
  header,
  pagination,
  items,
}: ReturnsTableProps) {
  const all = query.data ?? EMPTY;
  const money = all.some(carriesMoney);
  const columnDefinitions = useMemo<TableProps.ColumnDefinition<Return>[]>(() => {
    const cells = returnCells({ onConfirm });
    return columns
      .filter((id) => money || !MONEY_COLUMNS.includes(id))
      .map((id) => ({
        id,
        header:
          id === 'actions' ? (
            <span className="bo-visually-hidden">{RETURN_COLUMN_HEADERS[id]}</span>
          ) : (
            returnColumnHeader(id, money)
          ),
        cell: cells[id],
        isRowHeader: id === 'creditNoteNum' || id === 'creditNoteDated',
        // In a narrow list: the number and its PDF button on a line each.
        ...(COMPACT_MIN_WIDTHS[id] ? { minWidth: COMPACT_MIN_WIDTHS[id] } : {}),
      }));
  }, [columns, money, onConfirm]);

  return (
    <Table<Return>
      variant={variant}
      contentDensity="compact"
      wrapLines
      items={items ?? all}
      trackBy="id"
      columnDefinitions={columnDefinitions}
      ariaLabels={{ tableLabel: ariaLabel }}
      loading={query.isPending}
      loadingText={RETURN_ACTIONS_TEXT.loading}
      header={header}
      pagination={pagination}
      empty={
        query.isError ? (
          <TableEmptyState
            title={RETURN_ACTIONS_TEXT.error}
            subtitle={query.error.message}
            action={<Button onClick={() => void query.refetch()}>{RETURN_ACTIONS_TEXT.retry}</Button>}
          />
        ) : (
          <Box color="text-body-secondary" textAlign="center">
            {RETURN_ACTIONS_TEXT.noReturns}
          </Box>
        )
      }
    />
  );
}
