import type { ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { Return } from '@bo/shared';
import { formatUnits } from '../../format/counts';
import { formatDate } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { OrderNumLink } from '../orders/order-cells';
import CreditNotePdfControl from './CreditNotePdfControl';
import {
  carriesMoney,
  hasRestock,
  linesSummary,
  RESTOCK_TEXT,
  RETURN_ACTIONS_TEXT,
  settlementDetail,
  settlementText,
} from './return-display';

/** The columns of the return lists (an order's Returns, a customer's returns, the Returns page). */
export type ReturnColumnId =
  | 'creditNoteNum'
  | 'createdAt'
  | 'orderNum'
  | 'customerName'
  | 'units'
  | 'lines'
  | 'amount'
  | 'settlement'
  | 'restock'
  | 'actions'
  // Compact columns: the number over its date and PDF; the amount over where it went and how it was settled;
  // for a narrow list (an order's Returns), the rest of the return in one: products, credit, restock state.
  | 'creditNoteDated'
  | 'amountSettled'
  | 'details';

export const RETURN_COLUMN_HEADERS: Record<ReturnColumnId, string> = {
  creditNoteNum: 'Credit note',
  createdAt: 'Date',
  orderNum: 'Order',
  customerName: 'Customer',
  units: 'Units',
  lines: 'Products',
  amount: 'Amount',
  settlement: 'Settlement',
  restock: 'Restock',
  actions: 'Actions',
  creditNoteDated: 'Credit note',
  details: 'Return',
  amountSettled: 'Credit',
};

/** Columns that show money: left out when the returns come without it (INVENTORY). */
export const MONEY_COLUMNS: readonly ReturnColumnId[] = ['amount'];

/** A column's header; the compact credit column says what it holds when the returns come without money. */
export const returnColumnHeader = (id: ReturnColumnId, money: boolean): string =>
  id === 'amountSettled' && !money ? RETURN_COLUMN_HEADERS.settlement : RETURN_COLUMN_HEADERS[id];

export interface ReturnCellOptions {
  /** Offer 'Confirm restock' on returns awaiting it (INVENTORY, ADMIN). */
  onConfirm?: (creditNote: Return) => void;
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** A second line under a cell's value. */
const Secondary = ({ children }: { children: ReactNode }) => (
  <Box variant="small" display="block" color="text-body-secondary">
    {children}
  </Box>
);

/** The restocked units' state, with 'Confirm restock' for those who may. */
export function RestockCell({
  creditNote,
  onConfirm,
}: {
  creditNote: Return;
  onConfirm?: ReturnCellOptions['onConfirm'];
}) {
  if (!hasRestock(creditNote)) return <Box color="text-status-inactive">{RESTOCK_TEXT.nothing}</Box>;
  const confirmed = creditNote.restockConfirmed;
  if (confirmed)
    return (
      <span title={confirmed.note || undefined}>
        <StatusIndicator type="success">{RESTOCK_TEXT.confirmed(confirmed.by, confirmed.on)}</StatusIndicator>
      </span>
    );
  return (
    <SpaceBetween size="xxxs">
      <StatusIndicator type="pending">{RESTOCK_TEXT.awaiting}</StatusIndicator>
      {onConfirm && (
        <Button
          variant="inline-link"
          wrapText={false}
          ariaLabel={`${RETURN_ACTIONS_TEXT.confirmRestock} of ${creditNote.creditNoteNum}`}
          onClick={() => onConfirm(creditNote)}
        >
          {RETURN_ACTIONS_TEXT.confirmRestock}
        </Button>
      )}
    </SpaceBetween>
  );
}

/** The credit note's amount, with where its money went underneath. */
export function ReturnAmountCell({ creditNote }: { creditNote: Return }) {
  const detail = settlementDetail(creditNote);
  return (
    <>
      <Box variant="span" fontWeight="bold">
        {formatMoney(creditNote.amount)}
      </Box>
      {detail && <Secondary>{detail}</Secondary>}
    </>
  );
}

/** Every cell of the return lists, by column. */
export function returnCells({ onConfirm }: ReturnCellOptions = {}): Record<ReturnColumnId, (r: Return) => ReactNode> {
  return {
    creditNoteNum: (r) => r.creditNoteNum,
    createdAt: (r) => formatDate(r.createdAt),
    // Whoever reads returns reads orders (SALES, INVENTORY, ADMIN): the number opens the order's page.
    orderNum: (r) => <OrderNumLink orderNum={r.orderNum} />,
    customerName: (r) => r.customerName,
    units: (r) => formatUnits(r.units),
    lines: (r) => linesSummary(r),
    amount: (r) => <ReturnAmountCell creditNote={r} />,
    settlement: (r) => settlementText(r),
    restock: (r) => <RestockCell creditNote={r} onConfirm={onConfirm} />,
    actions: (r) => <CreditNotePdfControl creditNote={r} />,
    creditNoteDated: (r) => (
      <SpaceBetween size="xxs">
        <div>
          <Box variant="span" fontWeight="bold">
            <span style={NO_WRAP}>{r.creditNoteNum}</span>
          </Box>
          <Secondary>{formatDate(r.createdAt)}</Secondary>
        </div>
        <CreditNotePdfControl creditNote={r} />
      </SpaceBetween>
    ),
    details: (r) => (
      <SpaceBetween size="xxs">
        <span>{linesSummary(r)}</span>
        <span>
          {carriesMoney(r) && (
            <>
              <Box variant="span" fontWeight="bold">
                {formatMoney(r.amount)}
              </Box>
              {' · '}
            </>
          )}
          <Box variant="span" color="text-body-secondary">
            {[settlementText(r), settlementDetail(r)].filter(Boolean).join(' · ')}
          </Box>
        </span>
        <RestockCell creditNote={r} onConfirm={onConfirm} />
      </SpaceBetween>
    ),
    amountSettled: (r) =>
      carriesMoney(r) ? (
        <>
          <ReturnAmountCell creditNote={r} />
          <Secondary>{settlementText(r)}</Secondary>
        </>
      ) : (
        settlementText(r)
      ),
  };
}
