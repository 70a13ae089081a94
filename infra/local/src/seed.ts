import type { Role } from '@bo/shared';
import { createUser, getUser, identity } from '@bo/functions/data';

/** Demo accounts, one per role and a second driver. Documented in the README. */
export const DEMO_PASSWORD = 'Demo!2345';
export const DEMO_USERS: Array<{ email: string; name: string; roles: Role[]; title: string }> = [
  { email: 'admin@example.com', name: 'Ada Admin', roles: ['ADMIN'], title: 'Operations Manager' },
  { email: 'sales@example.com', name: 'Sam Sales', roles: ['SALES'], title: 'Account Executive' },
  { email: 'purchasing@example.com', name: 'Pat Purchasing', roles: ['PURCHASING'], title: 'Buyer' },
  { email: 'inventory@example.com', name: 'Ivy Inventory', roles: ['INVENTORY'], title: 'Warehouse Lead' },
  { email: 'payroll@example.com', name: 'Paula Payroll', roles: ['PAYROLL'], title: 'Payroll Administrator' },
  { email: 'driver@example.com', name: 'Dan Driver', roles: ['DRIVER'], title: 'Delivery Driver' },
  { email: 'driver2@example.com', name: 'Dora Driver', roles: ['DRIVER', 'SALES'], title: 'Driver & Sales' },
];

export const SYSTEM = { userId: 'system', roles: ['ADMIN'] as Role[], isAdmin: true, name: 'Seed' };

/** Creates the demo users through the same data layer the handlers use (needs the handler env set). */
export async function seedUsers(): Promise<Array<{ email: string; password: string; roles: Role[]; id: string }>> {
  const out = [];
  for (const demo of DEMO_USERS) {
    const { sub, username } = await identity.createIdentity({ ...demo, temporaryPassword: DEMO_PASSWORD });
    await identity.setPassword(username, DEMO_PASSWORD);
    if (!(await getUser(sub)))
      await createUser(
        { id: sub, username, name: demo.name, email: demo.email, role: demo.roles, title: demo.title },
        SYSTEM,
      );
    out.push({ email: demo.email, password: DEMO_PASSWORD, roles: demo.roles, id: sub });
  }
  return out;
}
