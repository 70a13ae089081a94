import type { ChangeLogEntry, Customer, CustomerWithPricing } from '@bo/shared';
import { describe, expect, it } from 'vitest';
import { call, tokenFor, userFor, signIn } from '../support/stack';

/** Customers over HTTP with real tokens: create with defaults, edit (credit only here), read, list, access codes. */

const unique = () => Math.random().toString(36).slice(2, 8);
const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;

describe('customers over HTTP', () => {
  it('creates a customer with the defaults, and requires a name', async () => {
    const token = await tokenFor('SALES');
    const name = `Green Leaf ${unique()}`;
    const created = await call<Customer>('POST', '/api/db/customers/addNew', { token, body: { customerName: name } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      customerName: name,
      commpref: 'EMAIL',
      type: 'RETAIL',
      orderType: 'DELIVERY',
      priceAdjustment: 0,
      creditAvailable: 0,
      autoRefreshPricing: false,
      customPricingCount: 0,
    });
    expect(created.body.id).toEqual(expect.any(String));

    for (const body of [{}, { customerName: '   ' }, { customerName: '' }]) {
      const refused = await call<{ message: string }>('POST', '/api/db/customers/addNew', { token, body });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Customer name is required (body.customerName)');
    }
    // Credit is set only when editing.
    const withCredit = await call<{ message: string }>('POST', '/api/db/customers/addNew', {
      token,
      body: { customerName: 'x', creditAvailable: 10 },
    });
    expect(withCredit.status).toBe(400);
    const badType = await call<{ message: string }>('POST', '/api/db/customers/addNew', {
      token,
      body: { customerName: 'x', type: 'ONLINE' },
    });
    expect(badType).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^Customer type must be/) } });
  });

  it('edits every field with credit, reads it back with or without the trailing slash, and lists by name', async () => {
    const token = await tokenFor('SALES');
    const salesId = subOf(token);
    const name = `Harborview ${unique()}`;
    const created = await call<Customer>('POST', '/api/db/customers/addNew', {
      token,
      body: {
        customerName: name,
        type: 'VIP',
        commpref: 'TELEGRAM',
        orderType: 'PICKUP',
        contactTelegram: '@harbor',
        accountOwnerID: salesId,
      },
    });
    expect(created.body).toMatchObject({ accountOwnerID: salesId, accountOwner: { name: 'Sam Sales' } });
    const id = created.body.id;

    // Credit typed in is a hand adjustment: an ADMIN's, with a note (issue 23).
    const admin = await tokenFor('ADMIN');
    const bySales = await call<{ message: string }>('PUT', `/api/db/customers/update/${id}`, {
      token,
      body: { creditAvailable: 150.25 },
    });
    expect(bySales).toMatchObject({
      status: 403,
      body: { message: "Only an administrator can change a customer's available credit by hand" },
    });
    const noNote = await call<{ message: string }>('PUT', `/api/db/customers/update/${id}`, {
      token: admin,
      body: { creditAvailable: 150.25 },
    });
    expect(noNote).toMatchObject({ status: 400, body: { message: 'Say why the available credit changes' } });
    const updated = await call<Customer>('PUT', `/api/db/customers/update/${id}`, {
      token: admin,
      body: {
        creditAvailable: 150.25,
        creditNote: 'Overpaid invoice 1001',
        priceAdjustment: -5,
        notes: 'Dock at the back',
        autoRefreshPricing: true,
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      creditAvailable: 150.25,
      priceAdjustment: -5,
      notes: 'Dock at the back',
      autoRefreshPricing: true,
      type: 'VIP',
    });
    const credit = await call('GET', `/api/db/customers/getAvailableCredit/${id}`, { token });
    expect(credit).toEqual({ status: 200, body: { creditAvailable: 150.25 } });
    const tooPrecise = await call('PUT', `/api/db/customers/update/${id}`, { token, body: { creditAvailable: 1.005 } });
    expect(tooPrecise.status).toBe(400);
    const noOwner = await call<{ message: string }>('PUT', `/api/db/customers/update/${id}`, {
      token: admin,
      body: { accountOwnerID: 'nobody' },
    });
    expect(noOwner).toMatchObject({ status: 400, body: { message: 'Account owner not found' } });

    for (const path of [`/api/db/customers/getByID/${id}`, `/api/db/customers/getByID/${id}/`]) {
      const read = await call<CustomerWithPricing>('GET', path, { token });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id, customerName: name, creditAvailable: 150.25, customPricings: [] });
    }
    expect((await call('GET', '/api/db/customers/getByID/no-such-customer', { token })).status).toBe(404);
    expect(
      (await call('PUT', '/api/db/customers/update/no-such-customer', { token, body: { notes: 'x' } })).status,
    ).toBe(404);

    const all = await call<Customer[]>('GET', '/api/db/customers/getAll', { token });
    expect(all.status).toBe(200);
    const names = all.body.map((c) => c.customerName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-US')));
    expect(all.body.find((c) => c.id === id)).toMatchObject({ accountOwner: { name: 'Sam Sales' } });

    const log = await call<{ entries: ChangeLogEntry[] }>('GET', `/api/db/changelog/getAll/customer/${id}`, { token });
    expect(log.body.entries.map((e) => e.action)).toEqual(['update', 'create']);
    expect(log.body.entries[0]!.notes).toBe('Overpaid invoice 1001');
    expect(log.body.entries[0]!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'creditAvailable', previousValue: 0, newValue: 150.25 }),
        expect.objectContaining({ field: 'priceAdjustment', previousValue: 0, newValue: -5 }),
      ]),
    );

    // The owner decides whose commission the orders earn: only an ADMIN moves it (issue 23). A body that
    // repeats the owner it has (a whole form) is fine.
    const same = await call<Customer>('PUT', `/api/db/customers/update/${id}`, {
      token,
      body: { accountOwnerID: salesId, notes: 'Dock at the side' },
    });
    expect(same).toMatchObject({ status: 200, body: { accountOwnerID: salesId, notes: 'Dock at the side' } });
    for (const accountOwnerID of ['', subOf(admin)]) {
      const moved = await call<{ message: string }>('PUT', `/api/db/customers/update/${id}`, {
        token,
        body: { accountOwnerID },
      });
      expect(moved).toMatchObject({
        status: 403,
        body: { message: "Only an administrator can change a customer's account owner" },
      });
    }
    const cleared = await call<Customer>('PUT', `/api/db/customers/update/${id}`, {
      token: admin,
      body: { accountOwnerID: '' },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.accountOwnerID).toBeUndefined();
    expect(cleared.body.accountOwner).toBeUndefined();
    const reread = await call<Customer>('GET', `/api/db/customers/getByID/${id}`, { token });
    expect(reread.body.accountOwnerID).toBeUndefined();
    const audit = await call<{ entries: ChangeLogEntry[] }>('GET', `/api/db/changelog/getAll/customer/${id}`, {
      token,
    });
    expect(audit.body.entries[0]!.changes).toEqual([
      expect.objectContaining({ field: 'accountOwnerID', previousValue: salesId }),
    ]);
  });

  it('refreshes the access code with a fresh random one and audits it without the code', async () => {
    const token = await tokenFor('SALES');
    const created = await call<Customer>('POST', '/api/db/customers/addNew', {
      token,
      body: { customerName: `Telegram ${unique()}` },
    });
    const id = created.body.id;
    const first = await call<{ accessCode: string }>('GET', `/api/db/customers/generateAccessCode/${id}`, { token });
    const second = await call<{ accessCode: string }>('GET', `/api/db/customers/generateAccessCode/${id}`, { token });
    expect(first.status).toBe(200);
    expect(first.body.accessCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(second.body.accessCode).not.toBe(first.body.accessCode);
    const read = await call<Customer>('GET', `/api/db/customers/getByID/${id}`, { token });
    expect(read.body.tgAccessCode).toBe(second.body.accessCode);
    const log = await call<{ entries: ChangeLogEntry[] }>('GET', `/api/db/changelog/getAll/customer/${id}`, { token });
    expect(log.body.entries.slice(0, 2).map((e) => e.changes)).toEqual([
      [{ name: 'Access code', field: 'tgAccessCode', action: 'update' }],
      [{ name: 'Access code', field: 'tgAccessCode', action: 'update' }],
    ]);
    expect(JSON.stringify(log.body)).not.toContain(second.body.accessCode);
    expect((await call('GET', '/api/db/customers/generateAccessCode/no-such-customer', { token })).status).toBe(404);
  });

  it('lets ADMIN and SALES (also as a second role) in, and refuses the other roles', async () => {
    const driverSales = (await signIn('driver2@example.com')).idToken;
    expect((await call('GET', '/api/db/customers/getAll', { token: driverSales })).status).toBe(200);
    expect((await call('GET', '/api/db/customers/getAll', { token: await tokenFor('ADMIN') })).status).toBe(200);
    for (const role of ['PURCHASING', 'INVENTORY', 'PAYROLL', 'DRIVER'] as const) {
      const refused = await call<{ message: string }>('POST', '/api/db/customers/addNew', {
        token: (await signIn(userFor(role).email)).idToken,
        body: { customerName: 'Nope' },
      });
      expect(refused.status).toBe(403);
    }
  });

  it('lists the seeded demo customers with their account owners', async () => {
    const all = await call<Customer[]>('GET', '/api/db/customers/getAll', { token: await tokenFor('SALES') });
    const demo = all.body.find((c) => c.customerName === 'Green Leaf Dispensary');
    expect(demo).toMatchObject({ type: 'WHOLESALE', accountOwner: { name: 'Sam Sales' } });
    expect(all.body.find((c) => c.customerName === 'Mile High Collective')).toMatchObject({ autoRefreshPricing: true });
  });
});
