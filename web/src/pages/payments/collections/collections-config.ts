import { COLLECTION_STATUSES, type CollectionStatus, type RouteId } from '@bo/shared';
import { dayError } from '../../../components/date-window';
import { PAYMENT_QUERY_ROUTES } from '../payment-routes';

/** The collections to confirm (issue 26): texts, columns, the filters in the address, what a decision makes stale. */

export const COLLECTIONS_TEXT = {
  title: 'Collections',
  description:
    'Cash and checks drivers collected at the door. Confirming one records it as a payment on its order; a collection is refused if the order’s balance changed since.',
  loading: 'Loading collections',
  error: 'Error loading collections',
  retry: 'Retry',
  empty: 'No collections',
  emptyDescription: (status: CollectionStatus) =>
    status === 'PENDING' ? 'Nothing is waiting to be confirmed.' : 'No collections match these filters.',
  status: 'Status',
  day: 'Driver’s day',
  anyDay: 'Any day',
  confirm: 'Confirm',
  reject: 'Reject',
  confirmTitle: 'Confirm collection',
  rejectTitle: 'Reject collection',
  reason: 'Reason',
  decided: 'Decided',
  reasonHint: 'Why the money is not taken as a payment. The driver and the order show it.',
  reasonRequired: 'Say why the collection is rejected',
  cancel: 'Cancel',
  rejectFailed: 'The collection was not rejected',
  confirmed: (orderNum: string) => `Collection for order ${orderNum} confirmed: it is now a payment`,
  rejected: (orderNum: string) => `Collection for order ${orderNum} rejected`,
} as const;

export type CollectionColumnId =
  'driverName' | 'day' | 'orderNum' | 'customerName' | 'method' | 'amount' | 'balanceAtCollection' | 'actions';

export const COLLECTION_COLUMNS: ReadonlyArray<{
  id: CollectionColumnId;
  header: string;
  sortingField?: string;
  /** The least a column takes: the sticky Actions column holds its two buttons side by side. */
  minWidth?: number;
}> = [
  { id: 'driverName', header: 'Driver', sortingField: 'driverName' },
  { id: 'day', header: 'Day', sortingField: 'day', minWidth: 130 },
  { id: 'orderNum', header: 'Order #', sortingField: 'orderNum' },
  { id: 'customerName', header: 'Customer', sortingField: 'customerName' },
  { id: 'method', header: 'Method', sortingField: 'method', minWidth: 130 },
  { id: 'amount', header: 'Amount', sortingField: 'amount' },
  { id: 'balanceAtCollection', header: 'Balance at collection', sortingField: 'balanceAtCollection' },
  { id: 'actions', header: 'Actions', minWidth: 210 },
];

export const PAGE_SIZE = 50;

export interface CollectionFilters {
  status: CollectionStatus;
  /** `YYYY-MM-DD`, or '' for every day. */
  day: string;
}

/** The filters the address holds (`?status=CONFIRMED&day=2026-03-05`): PENDING of every day unless it says. */
export function collectionFiltersOf(params: URLSearchParams): CollectionFilters {
  const status = params.get('status') ?? '';
  const day = params.get('day') ?? '';
  return {
    status: (COLLECTION_STATUSES as readonly string[]).includes(status) ? (status as CollectionStatus) : 'PENDING',
    day: day && dayError('', day) === undefined ? day.slice(0, 10) : '',
  };
}

export const paramsOfCollectionFilters = (f: CollectionFilters): Record<string, string> => ({
  ...(f.status !== 'PENDING' ? { status: f.status } : {}),
  ...(f.day ? { day: f.day } : {}),
});

/** What a confirmed or rejected collection makes stale: the lists, the board, the order and its payments. */
export const COLLECTION_DECISION_ROUTES: RouteId[] = [
  'deliveries.collections',
  'deliveries.board',
  'deliveries.getByOrder',
  ...PAYMENT_QUERY_ROUTES,
];
