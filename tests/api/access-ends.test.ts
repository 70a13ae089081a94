import { randomUUID } from 'node:crypto';
import { buildPath, pathParamNames, routeList, type Product, type User } from '@bo/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_CALLER_STATE_TTL } from '../support/caller-state-ttl';
import { addPayment, customerWithOrders, dollarProduct } from '../support/payments';
import { call, signInNow, tokenFor } from '../support/stack';

/**
 * Issue 21, section 2: a token is not the last word. ADMIN creates a SALES user who signs in, reads customers
 * and records a payment; after a demotion, a disable, a password reset or a delete, the SAME token loses what was
 * taken within the caller-state cache's lifetime (the test stack's CALLER_STATE_TTL, TEST_CALLER_STATE_TTL
 * seconds). After a disable and an enable, or a reset, only a new sign-in works again. Each step waits for the state it expects, with a deadline of the TTL plus a margin for
 * a busy machine; how long each took is printed.
 */
const DEADLINE_MS = (TEST_CALLER_STATE_TTL + 8) * 1000;
const DISABLED = 'Your account is disabled; ask an admin to enable it';
const REMOVED = 'Your account no longer exists; ask an admin if you need access';
const SIGNED_OUT = 'You were signed out by an admin; please sign in again';
const TODAY = new Date().toISOString().slice(0, 10);

type Answer = { status: number; body: { message?: string } };

let admin: string;
let product: Product;

beforeAll(async () => {
  admin = await tokenFor('ADMIN');
  product = await dollarProduct(await tokenFor('INVENTORY'));
});

/** Calls `probe` until `done` holds, at most DEADLINE_MS; returns the last answer and how long it took. */
async function until(what: string, probe: () => Promise<Answer>, done: (a: Answer) => boolean) {
  const started = Date.now();
  for (;;) {
    const answer = await probe();
    const ms = Date.now() - started;
    if (done(answer)) {
      console.log(`${what}: ${ms} ms (TTL ${TEST_CALLER_STATE_TTL} s)`);
      return answer;
    }
    if (ms > DEADLINE_MS) throw new Error(`${what}: not within ${DEADLINE_MS} ms; last ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Waits until the clock has left the second `token` was signed in (its `auth_time`): an admin's action in a later
 * second ends that sign-in's session (a sign-in in the same second as the action is still accepted).
 */
async function pastSignInSecond(token: string) {
  const authTime = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).auth_time as number;
  while (Math.floor(Date.now() / 1000) <= authTime) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** A new SALES user, signed in, who has read the customers and recorded a payment with their token. */
async function salesMember() {
  const email = `access-${randomUUID().slice(0, 8)}@example.com`;
  const created = await call<{ user: User }>('POST', '/api/db/users/addNew', {
    token: admin,
    body: { name: 'Access Person', email, role: ['SALES'] },
  });
  expect(created.status).toBe(200);
  const id = created.body.user.id;
  expect(
    (await call('PUT', `/api/db/users/updatePassword/${id}`, { token: admin, body: { password: 'Start!2345' } }))
      .status,
  ).toBe(200);
  const token = (await signInNow(email, 'Start!2345'))!;
  expect(token).toBeTruthy();

  const { customer, orders } = await customerWithOrders(token, product, [100]);
  const pay = () =>
    addPayment(token, customer.id, {
      customerId: customer.id,
      amount: 1,
      paymentDate: TODAY,
      appliedPayments: [{ orderId: orders[0]!.id, amount: 1 }],
      paymentMethod: 'CHECK',
    });
  const customers = () => call('GET', '/api/db/customers/getAll', { token });
  expect((await customers()).status).toBe(200);
  expect((await pay()).status).toBe(200);
  return { id, email, token, pay, customers };
}

/** Every route of the table, called with `token` (bodies empty): what each answered, by route. */
async function everyRoute(token: string) {
  const answers: Record<string, string> = {};
  for (const row of routeList()) {
    const params = Object.fromEntries(pathParamNames(row.path).map((name) => [name, 'x']));
    const result = await call<{ message?: string }>(row.method, buildPath(row.path, params), {
      token,
      ...(row.body ? { body: {} } : {}),
    });
    answers[`${row.method} ${row.path}`] = `${result.status} ${result.body?.message ?? ''}`;
  }
  return answers;
}

const allAnswer = (answers: Record<string, string>, expected: string) =>
  expect(Object.entries(answers).filter(([, answer]) => answer !== expected)).toEqual([]);

describe('access ends when an admin says so, for the token the user already holds', () => {
  it('demoted to DRIVER: customers and payments are refused (403), what a driver may read still answers', async () => {
    const member = await salesMember();
    const demoted = await call<User>('PUT', `/api/db/users/update/${member.id}`, {
      token: admin,
      body: { role: ['DRIVER'] },
    });
    expect(demoted.status).toBe(200);

    const refused = await until('demotion → customers 403', member.customers, (a) => a.status === 403);
    expect(refused.body.message).toBe('Your role (DRIVER) does not allow this action');
    expect(await member.pay()).toMatchObject({
      status: 403,
      body: { message: 'Your role (DRIVER) does not allow this action' },
    });
    // The token itself still names SALES; the API goes by the profile (a DRIVER-only route answers it).
    const groups = JSON.parse(Buffer.from(member.token.split('.')[1]!, 'base64url').toString())['cognito:groups'];
    expect(groups).toEqual(['SALES']);
    expect((await call('GET', '/api/db/products/getAll', { token: member.token })).status).toBe(200);
    expect((await call('GET', '/api/db/orders/getMyDeliveries', { token: member.token })).status).toBe(200);
    expect((await call('GET', `/api/db/users/getById/${member.id}`, { token: member.token })).status).toBe(200);
  });

  it('disabled: every route answers 401 with the reason, even to a new sign-in; enabled: a new sign-in works, the old token not', async () => {
    const member = await salesMember();
    await pastSignInSecond(member.token);
    const disabled = await call<User>('PUT', `/api/db/users/disable/${member.id}`, { token: admin });
    expect(disabled).toMatchObject({ status: 200, body: { id: member.id, status: 'DISABLED' } });

    await until('disable → customers 401', member.customers, (a) => a.status === 401);
    allAnswer(await everyRoute(member.token), `401 ${DISABLED}`);
    expect(await member.pay()).toMatchObject({ status: 401, body: { message: DISABLED } });
    // cognito-local still signs a disabled user in (AWS refuses); the API refuses that token as well.
    const again = await signInNow(member.email, 'Start!2345');
    if (again)
      expect(await call('GET', '/api/db/customers/getAll', { token: again })).toMatchObject({
        status: 401,
        body: { message: DISABLED },
      });

    const enabled = await call<User>('PUT', `/api/db/users/enable/${member.id}`, { token: admin });
    expect(enabled).toMatchObject({ status: 200, body: { status: 'ACTIVE' } });
    // The sessions the disable ended stay ended: the token from before it is refused once the profile is read.
    await until('enable → old token 401 signed out', member.customers, (a) => a.body.message === SIGNED_OUT);
    expect(await member.pay()).toMatchObject({ status: 401, body: { message: SIGNED_OUT } });
    const fresh = (await signInNow(member.email, 'Start!2345'))!;
    expect(fresh).toBeTruthy();
    expect((await call('GET', '/api/db/customers/getAll', { token: fresh })).status).toBe(200);
  });

  it("an admin's password reset signs the user out: the old token is refused, a sign-in with the new password works", async () => {
    const member = await salesMember();
    await pastSignInSecond(member.token);
    const reset = await call('PUT', `/api/db/users/updatePassword/${member.id}`, {
      token: admin,
      body: { password: 'Reset!2345' },
    });
    expect(reset.status).toBe(200);

    const refused = await until('reset → customers 401', member.customers, (a) => a.status === 401);
    expect(refused.body.message).toBe(SIGNED_OUT);
    expect(await member.pay()).toMatchObject({ status: 401, body: { message: SIGNED_OUT } });
    expect(await signInNow(member.email, 'Start!2345')).toBeNull();
    const fresh = (await signInNow(member.email, 'Reset!2345'))!;
    expect((await call('GET', '/api/db/customers/getAll', { token: fresh })).status).toBe(200);
  });

  it('deleted: every route answers 401 with the reason', async () => {
    const member = await salesMember();
    expect((await call('DELETE', `/api/db/users/remove/${member.id}`, { token: admin })).status).toBe(200);

    await until('delete → customers 401', member.customers, (a) => a.status === 401);
    allAnswer(await everyRoute(member.token), `401 ${REMOVED}`);
    expect(await member.pay()).toMatchObject({ status: 401, body: { message: REMOVED } });
    expect(await signInNow(member.email, 'Start!2345')).toBeNull();
  });

  it('an admin cannot disable themself; disable and enable are ADMIN-only', async () => {
    const self = JSON.parse(Buffer.from(admin.split('.')[1]!, 'base64url').toString()).sub as string;
    expect(await call('PUT', `/api/db/users/disable/${self}`, { token: admin })).toMatchObject({
      status: 409,
      body: { message: 'You cannot disable your own account; ask another admin' },
    });
    const sales = await tokenFor('SALES');
    expect((await call('PUT', `/api/db/users/disable/${self}`, { token: sales })).status).toBe(403);
    expect((await call('PUT', `/api/db/users/enable/${self}`, { token: sales })).status).toBe(403);
    expect((await call('PUT', '/api/db/users/disable/no-such-user', { token: admin })).status).toBe(404);
  });
});
