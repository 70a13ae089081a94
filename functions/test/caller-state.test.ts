import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dynamoClient, getUser, setClients, setUserStatus, updateUser } from '../src/data';
import { handler as addNew } from '../src/handlers/users/addNew';
import { handler as getAll } from '../src/handlers/users/getAll';
import {
  ACCOUNT_DISABLED,
  ACCOUNT_REMOVED,
  callerStateTtlMs,
  forgetCallerStates,
  SESSION_ENDED,
} from '../src/http/caller-state';
import { apiEvent, ensureCallerProfile, invoke } from './support/event';
import { useFreshTable } from './support/env';
import { faultyDynamo } from './support/faulty-dynamo';

/**
 * The API checks the caller's current profile (functions/src/http/caller-state.ts): read once per user per
 * CALLER_STATE_TTL seconds (at most 60), not once per request. Time is moved with a faked Date only (the SDK's
 * timers stay real), so nothing here waits for the TTL to pass.
 */
const admin = { userId: 'caller-state-admin', roles: ['ADMIN' as const], isAdmin: true, name: 'Ada' };

let original: DynamoDBDocumentClient;
let counted: ReturnType<typeof faultyDynamo>;
const profileReads = (id: string) =>
  counted.mock.commandCalls(GetCommand).filter((c) => JSON.stringify(c.args[0].input.Key).includes(id)).length;

beforeAll(async () => {
  await useFreshTable();
  original = dynamoClient();
});
beforeEach(() => {
  // The default TTL unless a test sets one (the global setup's test stack sets a short one for the API tests).
  delete process.env.CALLER_STATE_TTL;
  forgetCallerStates();
  counted = faultyDynamo();
  setClients({ dynamo: counted.client });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  delete process.env.CALLER_STATE_TTL;
  setClients({ dynamo: original });
});
afterAll(forgetCallerStates);

/** A caller with an ACTIVE profile holding `roles`. */
async function member(roles: Array<'SALES' | 'ADMIN' | 'DRIVER'>) {
  const sub = `member-${randomUUID().slice(0, 8)}`;
  await ensureCallerProfile({ sub, roles });
  forgetCallerStates();
  return { sub, roles };
}

const asCaller = (caller: { sub: string; roles: Array<'SALES' | 'ADMIN' | 'DRIVER'> }) =>
  invoke<{ message?: string }>(getAll, apiEvent(caller), { profile: false });

describe('the caller-state check', () => {
  it('reads a profile once per user per TTL, not once per request', async () => {
    const ann = await member(['SALES']);
    const bob = await member(['SALES']);
    for (let i = 0; i < 5; i++) expect((await asCaller(ann)).status).toBe(200);
    expect((await asCaller(bob)).status).toBe(200);
    expect(profileReads(ann.sub)).toBe(1);
    expect(profileReads(bob.sub)).toBe(1);

    vi.setSystemTime(Date.now() + 29_000);
    expect((await asCaller(ann)).status).toBe(200);
    expect(profileReads(ann.sub)).toBe(1);

    vi.setSystemTime(Date.now() + 1_001);
    expect((await asCaller(ann)).status).toBe(200);
    expect(profileReads(ann.sub)).toBe(2);
  });

  it('shares one read between concurrent requests of the same user', async () => {
    const ann = await member(['SALES']);
    const results = await Promise.all(Array.from({ length: 4 }, () => asCaller(ann)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(profileReads(ann.sub)).toBe(1);
  });

  it('takes CALLER_STATE_TTL in seconds, clamped to 0–60; unset or unreadable is 30', async () => {
    expect(callerStateTtlMs()).toBe(30_000);
    for (const [value, ms] of [
      ['5', 5_000],
      ['60', 60_000],
      ['3600', 60_000],
      ['-5', 0],
      ['0', 0],
      ['soon', 30_000],
      ['', 30_000],
    ] as const) {
      process.env.CALLER_STATE_TTL = value;
      expect(callerStateTtlMs(), value).toBe(ms);
    }

    // An hour asked for is a minute given: the profile is read again after 60 s.
    process.env.CALLER_STATE_TTL = '3600';
    const ann = await member(['SALES']);
    await asCaller(ann);
    vi.setSystemTime(Date.now() + 59_000);
    await asCaller(ann);
    expect(profileReads(ann.sub)).toBe(1);
    vi.setSystemTime(Date.now() + 1_001);
    await asCaller(ann);
    expect(profileReads(ann.sub)).toBe(2);

    // 0: every request reads.
    process.env.CALLER_STATE_TTL = '0';
    const bob = await member(['SALES']);
    for (let i = 0; i < 3; i++) await asCaller(bob);
    expect(profileReads(bob.sub)).toBe(3);
  });

  it('goes by the roles the profile holds now, not those the token names', async () => {
    const ann = await member(['SALES']);
    // The token still says ADMIN: the profile (SALES) decides.
    const asAdminToken = await invoke<{ message: string }>(
      addNew,
      apiEvent({ sub: ann.sub, roles: ['ADMIN'], body: {} }),
      { profile: false },
    );
    expect(asAdminToken).toMatchObject({
      status: 403,
      body: { message: 'Your role (SALES) does not allow this action' },
    });

    // Promoted: allowed once the cached state expires (the empty body then fails validation, past the role check).
    await updateUser((await getUser(ann.sub))!, { role: ['ADMIN'] }, admin);
    const stale = await invoke(addNew, apiEvent({ sub: ann.sub, roles: ['SALES'], body: {} }), { profile: false });
    expect(stale.status).toBe(403);
    vi.setSystemTime(Date.now() + 30_001);
    const fresh = await invoke(addNew, apiEvent({ sub: ann.sub, roles: ['SALES'], body: {} }), { profile: false });
    expect(fresh.status).toBe(400);
  });

  it('answers 401 with a message for a disabled or deleted profile; enabled, it serves new sign-ins only', async () => {
    const ann = await member(['SALES']);
    const signedIn = Math.floor(Date.now() / 1000);
    const session = (authTime: number) =>
      invoke<{ message?: string }>(getAll, apiEvent({ ...ann, authTime }), { profile: false });
    expect((await session(signedIn)).status).toBe(200);
    vi.setSystemTime(Date.now() + 1_000);
    const disabled = await setUserStatus((await getUser(ann.sub))!, 'DISABLED', admin);
    vi.setSystemTime(Date.now() + 30_001);
    expect(await session(signedIn)).toMatchObject({ status: 401, body: { message: ACCOUNT_DISABLED } });

    await setUserStatus(disabled, 'ACTIVE', admin);
    vi.setSystemTime(Date.now() + 30_001);
    // The disable ended the sessions signed in before it; a token without a sign-in time is refused too.
    expect(await session(signedIn)).toMatchObject({ status: 401, body: { message: SESSION_ENDED } });
    expect(await asCaller(ann)).toMatchObject({ status: 401, body: { message: SESSION_ENDED } });
    expect((await session(Math.floor(Date.now() / 1000))).status).toBe(200);

    const ghost = { sub: `ghost-${randomUUID().slice(0, 8)}`, roles: ['ADMIN' as const] };
    expect(await asCaller(ghost)).toMatchObject({
      status: 401,
      body: { message: ACCOUNT_REMOVED, code: 'UnauthorizedError' },
    });
  });

  it('keeps no failed read: the next request reads again', async () => {
    const ann = await member(['SALES']);
    counted.mock
      .on(GetCommand)
      .rejectsOnce(Object.assign(new Error('socket hang up'), { name: 'TimeoutError' }))
      .callsFake((input: GetCommand['input']) => counted.real.send(new GetCommand(input)));
    expect((await asCaller(ann)).status).toBe(503);
    expect((await asCaller(ann)).status).toBe(200);
    expect((await asCaller(ann)).status).toBe(200);
    expect(profileReads(ann.sub)).toBe(2);
  });
});
