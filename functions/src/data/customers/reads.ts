import { toDollars, type Customer } from '@bo/shared';
import { batchGet, get, queryAll } from '../core';
import { getUser, listUsers } from '../users';
import { type CustomerItem, customerEntity } from './entity';
import { type Owner, customerNotFound, toCustomer } from './records';

export const getCustomerItem = (
  customerId: string,
  options: { consistent?: boolean } = {},
): Promise<CustomerItem | undefined> => get(customerEntity, { customerId }, options);

/** The customers of these ids that exist (BatchGet, 100 keys a call). */
export const getCustomerItems = (customerIds: readonly string[]): Promise<CustomerItem[]> =>
  customerIds.length
    ? batchGet(
        customerEntity,
        [...new Set(customerIds)].map((customerId) => ({ customerId })),
      )
    : Promise.resolve([]);

/** The account owner's name (a Get of the user), when the customer has one. */
export const ownerOf = async (id: string | undefined): Promise<Owner> => {
  if (!id) return undefined;
  const user = await getUser(id);
  return user ? { name: user.name } : undefined;
};

export async function getCustomer(customerId: string): Promise<Customer | undefined> {
  const item = await getCustomerItem(customerId);
  return item ? toCustomer(item, await ownerOf(item.accountOwnerID)) : undefined;
}

/** Every customer item, by name (one Query of the customers' GSI partition, all pages). */
export async function listCustomerItems(): Promise<CustomerItem[]> {
  const items = await queryAll(customerEntity, 'all', {});
  return items.sort((a, b) => a.customerName.localeCompare(b.customerName, 'en-US'));
}

/** Every customer by name, with the account owners' names (one Query of users beside it). */
export async function listCustomers(): Promise<Customer[]> {
  const [items, users] = await Promise.all([listCustomerItems(), listUsers()]);
  const names = new Map(users.map((u) => [u.id, { name: u.name }]));
  return items.map((item) => toCustomer(item, item.accountOwnerID ? names.get(item.accountOwnerID) : undefined));
}

export async function getAvailableCredit(customerId: string): Promise<number> {
  const item = await getCustomerItem(customerId);
  if (!item) throw customerNotFound();
  return toDollars(item.creditCents);
}
