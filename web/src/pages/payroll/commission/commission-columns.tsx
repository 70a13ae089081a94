import Button from '@cloudscape-design/components/button';
import type { TableProps } from '@cloudscape-design/components/table';
import { formatUsd, type Cents } from '@bo/shared';
import { formatDate, NO_VALUE } from '../../../format/dates';
import { formatStatus } from '../../../format/statuses';
import { rowFigures, type CommissionRow } from './commission-rows';
import { COMMISSION_COLUMN_WIDTHS as WIDTHS } from './commission-config';
import CostPopover from './CostPopover';

type Column = TableProps.ColumnDefinition<CommissionRow>;

const pct = (n: number) => `${n.toFixed(1)}%`;
/** Amounts and percentages read whole: never '$1,945./13'. */
const whole = (text: string) => <span className="commission-figure">{text}</span>;

type Figure = 'cost' | 'grossProfit' | 'grossPercent' | 'commission' | 'netProfit';
/** A row's figure as shown; without cost only the saved commission is known. */
function shown(r: CommissionRow, rate: number, figure: Figure): string {
  if (r.costHidden)
    return figure === 'commission' && r.savedCommission !== null ? formatUsd(r.savedCommission) : NO_VALUE;
  const value = rowFigures(r, rate)[figure];
  return figure === 'grossPercent' ? pct(value) : formatUsd(value);
}

const orderNum: Column = { id: 'orderNum', width: WIDTHS.orderNum, header: 'Order #', cell: (r) => r.orderNum };
const ordered: Column = {
  id: 'ordered',
  width: WIDTHS.ordered,
  header: 'Ordered',
  cell: (r) => formatDate(r.createdAt),
};
const customer: Column = { id: 'customer', width: WIDTHS.customer, header: 'Customer', cell: (r) => r.customerName };
/** Orders often hold many brands: the first, then how many more (all of them on hover), so the tables fit. */
const brand: Column = {
  id: 'brand',
  width: WIDTHS.brand,
  header: 'Brand',
  cell: (r) => {
    const [first = '', ...more] = r.brand.split(', ');
    return <span title={r.brand}>{more.length > 0 ? `${first} +${more.length}` : first}</span>;
  },
};
const total: Column = { id: 'total', width: WIDTHS.total, header: 'Total', cell: (r) => whole(formatUsd(r.total)) };

/** The first column of either list: a button moving the order to the other list. */
const moveColumn = (
  verb: 'Add' | 'Remove',
  iconName: 'add-plus' | 'remove',
  onMove: (r: CommissionRow) => void,
): Column => ({
  id: verb.toLowerCase(),
  width: WIDTHS[verb === 'Add' ? 'add' : 'remove'],
  header: verb,
  cell: (r) => (
    <Button
      iconName={iconName}
      variant="inline-icon"
      ariaLabel={`${verb} order ${r.orderNum}`}
      onClick={() => onMove(r)}
    />
  ),
});

/** Unpaid Orders (spec section 2): Add, Order #, Ordered, Status, Customer, Brand, Total, Cost, Gross Profit, Gross %. */
export function unpaidColumns(rate: number, onAdd: ((r: CommissionRow) => void) | null): Column[] {
  const add = onAdd ? [moveColumn('Add', 'add-plus', onAdd)] : [];
  return [
    ...add,
    orderNum,
    ordered,
    { id: 'status', width: WIDTHS.status, header: 'Status', cell: (r) => whole(formatStatus('order', r.orderStatus)) },
    customer,
    brand,
    total,
    { id: 'cost', width: WIDTHS.cost, header: 'Cost', cell: (r) => whole(shown(r, rate, 'cost')) },
    {
      id: 'grossProfit',
      width: WIDTHS.grossProfit,
      header: 'Gross Profit',
      cell: (r) => whole(shown(r, rate, 'grossProfit')),
    },
    grossPercentColumn(rate),
  ];
}

/** Gross %: the same column in both tables. */
const grossPercentColumn = (rate: number): Column => ({
  id: 'grossPercent',
  width: WIDTHS.grossPercent,
  header: 'Gross %',
  cell: (r) => whole(shown(r, rate, 'grossPercent')),
});

interface ToBePaidActions {
  onRemove: (r: CommissionRow) => void;
  onCost: (orderId: string, cost: Cents | null) => void;
}

/**
 * Orders To Be Paid: Remove, Order #, Ordered, Customer, Brand, Total, Cost (a popover with Reset Cost), Profit,
 * Gross %, Commission, Net Profit. Read-only (`actions` null): no Remove, the cost is text.
 */
export function toBePaidColumns(rate: number, actions: ToBePaidActions | null): Column[] {
  const remove = actions ? [moveColumn('Remove', 'remove', actions.onRemove)] : [];
  return [
    ...remove,
    orderNum,
    ordered,
    customer,
    brand,
    total,
    {
      id: 'cost',
      width: WIDTHS.cost,
      header: 'Cost',
      cell: (r) =>
        actions ? (
          <CostPopover
            orderNum={r.orderNum}
            cost={r.cost}
            adjustedCost={r.adjustedCost}
            onChange={(c) => actions.onCost(r.orderId, c)}
          />
        ) : (
          whole(shown(r, rate, 'cost'))
        ),
    },
    { id: 'profit', width: WIDTHS.profit, header: 'Profit', cell: (r) => whole(shown(r, rate, 'grossProfit')) },
    grossPercentColumn(rate),
    {
      id: 'commission',
      width: WIDTHS.commission,
      header: 'Commission',
      cell: (r) => whole(shown(r, rate, 'commission')),
    },
    { id: 'netProfit', width: WIDTHS.netProfit, header: 'Net Profit', cell: (r) => whole(shown(r, rate, 'netProfit')) },
  ];
}
