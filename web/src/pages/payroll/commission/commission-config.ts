/** The Calculate Commission tables: column widths and the columns kept in view at the right. */

export type CommissionColumnId =
  | 'add'
  | 'remove'
  | 'orderNum'
  | 'ordered'
  | 'status'
  | 'customer'
  | 'brand'
  | 'total'
  | 'cost'
  | 'grossProfit'
  | 'profit'
  | 'grossPercent'
  | 'commission'
  | 'netProfit';

// The dialog's tables are about 1,100 px wide in a 1280 px window (their sections drop their own content padding
// for it). Each width is the column's longest word with its padding (about 40 px in a header, 24 px in a
// cell), a little more for names. Their sums stay under the table's width (Orders To Be Paid 1,091 px, Unpaid
// Orders 968 px): wider hints made the browser shrink every column below its words, and the wrapping table
// then broke them ('Commissi/on', '$1,945./13'). Amounts never wrap; names wrap between words. Nothing scrolls
// under the sticky Commission and Net Profit.
export const COMMISSION_COLUMN_WIDTHS: Record<CommissionColumnId, number> = {
  add: 60,
  remove: 80,
  orderNum: 88,
  ordered: 100,
  status: 105,
  customer: 125,
  brand: 115,
  total: 95,
  cost: 105,
  grossProfit: 90,
  profit: 85,
  grossPercent: 85,
  commission: 128,
  netProfit: 85,
};

/** Orders To Be Paid keeps its commission and net profit in view when a narrower window makes it scroll. */
export const TO_BE_PAID_STICKY_LAST = 2;
