import type { ReceivablesRow } from '@bo/shared';

/** The Receivables page: columns and texts. */

export type ReceivablesColumnId =
  | 'customerName'
  | 'openOrders'
  | 'balanceDue'
  | 'days0to30'
  | 'days31to60'
  | 'days61to90'
  | 'over90'
  | 'oldestOrderDate'
  | 'actions';

export interface ReceivablesColumn {
  id: ReceivablesColumnId;
  header: string;
  /** What a screen reader says for a short header. */
  label?: string;
  sortingField?: keyof ReceivablesRow;
  width: number;
  /** Only for roles offered an action on a row (Record payment, Statement). */
  actionsOnly?: boolean;
}

// Wider than the page at 1280 px: the customer and the row's actions stay in view (sticky), and the buckets come
// before the counts so that the oldest debts are in view too.
export const RECEIVABLES_COLUMNS: readonly ReceivablesColumn[] = [
  { id: 'customerName', header: 'Customer', sortingField: 'customerName', width: 180 },
  { id: 'balanceDue', header: 'Balance due', sortingField: 'balanceDue', width: 110 },
  { id: 'days0to30', header: '0–30', label: '0 to 30 days', sortingField: 'days0to30', width: 90 },
  { id: 'days31to60', header: '31–60', label: '31 to 60 days', sortingField: 'days31to60', width: 90 },
  { id: 'days61to90', header: '61–90', label: '61 to 90 days', sortingField: 'days61to90', width: 90 },
  { id: 'over90', header: 'Over 90', label: 'Over 90 days', sortingField: 'over90', width: 100 },
  { id: 'oldestOrderDate', header: 'Oldest order', sortingField: 'oldestOrderDate', width: 120 },
  { id: 'openOrders', header: 'Orders', sortingField: 'openOrders', width: 90 },
  { id: 'actions', header: 'Actions', width: 230, actionsOnly: true },
];

/** The actions column when the role is offered one of the two (Record payment or Statement). */
export const ONE_ACTION_WIDTH = 130;

/** The buckets' totals above the table, in the columns' order. */
export const TOTAL_LABELS = [
  ['days0to30', '0–30 days'],
  ['days31to60', '31–60 days'],
  ['days61to90', '61–90 days'],
  ['over90', 'Over 90 days'],
] as const;

export const RECEIVABLES_TEXT = {
  title: 'Receivables',
  description: 'Open balance per customer, aged by order date.',
  loading: 'Loading receivables',
  error: 'Error loading receivables',
  empty: 'No open balances',
  emptyDescription: 'No customer owes anything on an order.',
  filterPlaceholder: 'Find customers',
  record: 'Record payment',
} as const;
