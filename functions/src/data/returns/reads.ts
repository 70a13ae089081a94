import type { Return, ReturnListQuery } from '@bo/shared';
import { get, queryAll } from '../core';
import { customerNotFound, getCustomerItem } from '../customers';
import { resolveOrderId } from '../orders/numbers';
import { daysBefore, todayUtc as today, monthPartitions, readMonths } from '../range-bounds';
import { type ReturnItem, returnEntity } from './entity';
import { toReturn } from './records';

export const getReturnItem = (returnId: string): Promise<ReturnItem | undefined> =>
  get(returnEntity, { returnId }, { consistent: true });

export async function getReturn(returnId: string, withPrices: boolean): Promise<Return | undefined> {
  const item = await getReturnItem(returnId);
  return item ? toReturn(item, withPrices) : undefined;
}

const newestFirst = (a: ReturnItem, b: ReturnItem) => b.createdAt.localeCompare(a.createdAt);

/** An order's returns (by id or number), oldest first (one Query); undefined for an unknown order. */
export async function listReturnsOfOrder(idOrNumber: string, withPrices: boolean): Promise<Return[] | undefined> {
  const orderId = await resolveOrderId(idOrNumber);
  if (!orderId) return undefined;
  const items = await queryAll(returnEntity, 'byOrder', { orderId });
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((r) => toReturn(r, withPrices));
}

/** A customer's returns, newest first (404 for an unknown customer). */
export async function listReturnsOfCustomer(customerId: string, withPrices: boolean): Promise<Return[]> {
  const [customer, items] = await Promise.all([
    getCustomerItem(customerId),
    queryAll(returnEntity, 'byCustomer', { customerId }),
  ]);
  if (!customer) throw customerNotFound();
  return items.sort(newestFirst).map((r) => toReturn(r, withPrices));
}

const DEFAULT_DAYS = 30;

/** Returns made in a range of days (default the 30 days to today), newest first: one Query per month. */
export async function listReturns(q: ReturnListQuery, withPrices: boolean): Promise<Return[]> {
  const to = q.to ?? (q.from && q.from > today() ? q.from : today());
  const from = q.from ?? daysBefore(to, DEFAULT_DAYS);
  const months = monthPartitions(from, to, { from: 'from', to: 'to' });
  const pages = await readMonths(months, (createdMonth) =>
    queryAll(
      returnEntity,
      'byMonth',
      { createdMonth },
      { sort: { between: [{ createdAt: from }, { createdAt: `${to}~` }] } },
    ),
  );
  return pages
    .flat()
    .sort(newestFirst)
    .map((r) => toReturn(r, withPrices));
}
