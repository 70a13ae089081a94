import type { UpdateUserBody, User } from '@bo/shared';
import { BadRequestError } from '../domain';
import { getBrandItems } from './brands';
import { getCustomerItems } from './customers';

const added = (next: readonly string[] | undefined, before: readonly string[] | undefined): string[] =>
  (next ?? []).filter((id) => !(before ?? []).includes(id));

const listed = (kind: string, ids: string[]) => `Unknown ${kind} id${ids.length === 1 ? '' : 's'}: ${ids.join(', ')}`;

/**
 * Refuses brand and customer ids a user edit assigns that name no brand or customer (400 naming them; two
 * BatchGets, no Scan). Only ids the edit adds are read: one already stored (its brand deleted since) does not
 * block saving the rest; the admin sees it and may drop it.
 */
export async function checkAssignments(
  before: Pick<User, 'userBrands' | 'userCustomers'>,
  changes: Pick<UpdateUserBody, 'userBrands' | 'userCustomers'>,
): Promise<void> {
  const brandIds = added(changes.userBrands, before.userBrands);
  const customerIds = added(changes.userCustomers, before.userCustomers);
  const [brands, customers] = await Promise.all([getBrandItems(brandIds), getCustomerItems(customerIds)]);
  const missing = (ids: string[], found: string[]) => {
    const known = new Set(found);
    return [...new Set(ids)].filter((id) => !known.has(id));
  };
  const issues = [
    {
      field: 'userBrands',
      kind: 'brand',
      ids: missing(
        brandIds,
        brands.map((b) => b.brandId),
      ),
    },
    {
      field: 'userCustomers',
      kind: 'customer',
      ids: missing(
        customerIds,
        customers.map((c) => c.customerId),
      ),
    },
  ]
    .filter((i) => i.ids.length > 0)
    .map((i) => ({ path: `body.${i.field}`, message: listed(i.kind, i.ids) }));
  if (issues.length > 0) throw new BadRequestError(issues.map((i) => i.message).join('; '), issues);
}
