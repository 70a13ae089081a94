import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../src/api/client';
import { enqueue, useDriverDay, useDriverQueue, type QueueEntry } from '../src/driver/offline';
import { applyToDays, dayState, loadDriverDay, resetDayStates } from '../src/driver/offline/day';
import { addEntry, closeDriverDb, entriesOf, loadDay, saveDay } from '../src/driver/offline/db';
import { dismissEntry, flushQueue, resetQueueCopies, verdictOf } from '../src/driver/offline/queue';
import { ApiError } from '../src/api/client';
import { cash, DAY, delivered, driverDay, nobodyThere, reorder, stop } from './driver-offline-fixtures';

/**
 * The phone's queue against a fake server that keeps what it applied and, like the API, answers a replayed
 * Idempotency-Key with its first result. IndexedDB is fake-indexeddb, new for each test.
 */

interface Sent {
  method: string;
  path: string;
  key: string | null;
  token: string | null;
  body: Record<string, unknown>;
}

class FakeServer {
  /** Every request that reached the server, in order (a lost answer included). */
  readonly received: Sent[] = [];
  /** What the server applied: one per distinct key. */
  readonly applied = new Map<string, Sent>();
  private readonly answers = new Map<string, { status: number; body: unknown }>();
  /** Per request, in order: how to answer (default 200). */
  readonly script: Array<'ok' | 'lose' | 'network' | { status: number; message: string }> = [];
  modifiedOn = 1;

  fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const headers = init.headers as Record<string, string>;
    const sent: Sent = {
      method: init.method ?? 'GET',
      path: new URL(url, 'http://phone').pathname,
      key: headers['Idempotency-Key'] ?? null,
      token: headers.Authorization ?? null,
      body: init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {},
    };
    const step = this.script.shift() ?? 'ok';
    if (step === 'network') throw new TypeError('Failed to fetch');
    this.received.push(sent);
    const replay = sent.key ? this.answers.get(sent.key) : undefined;
    const answer = replay ?? this.answer(sent, step);
    if (!replay && sent.key && answer.status < 300) {
      this.applied.set(sent.key, sent);
      this.answers.set(sent.key, answer);
    }
    if (step === 'lose' && !replay) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };

  private answer(sent: Sent, step: FakeServer['script'][number]): { status: number; body: unknown } {
    if (typeof step === 'object') return { status: step.status, body: { message: step.message } };
    const orderId = sent.path.split('/').pop()!;
    if (sent.path.includes('/complete/')) {
      const n = Number(orderId.slice(1));
      const modifiedOn = `2026-11-27T12:00:0${this.modifiedOn++}.000Z`;
      return {
        status: 200,
        body: {
          record: { id: `r-${sent.key}` },
          stop: stop(n, { state: sent.body.outcome as 'DELIVERED', modifiedOn }),
        },
      };
    }
    if (sent.path.includes('/collect/'))
      return { status: 200, body: { id: `col-${sent.key}`, orderId, amount: sent.body.amount, status: 'PENDING' } };
    return { status: 200, body: sent.body };
  }
}

let server: FakeServer;
let online = true;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  server = new FakeServer();
  vi.stubGlobal('fetch', server.fetch);
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  configureApiClient({ getIdToken: async () => 'token-of-driver-1' });
});

afterEach(async () => {
  await closeDriverDb();
  resetDayStates();
  resetQueueCopies();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Enqueues without the send enqueue starts when online, so a test decides when the queue flushes. */
async function queued(userId: string, ...actions: Parameters<typeof enqueue>[1][]): Promise<QueueEntry[]> {
  online = false;
  const out: QueueEntry[] = [];
  for (const a of actions) out.push(await enqueue(userId, a));
  online = true;
  return out;
}

describe('the queue on the phone', () => {
  it('is stored first: an action taken offline waits, in IndexedDB, with a fresh idempotency key', async () => {
    const [e1, e2] = await queued('driver-1', delivered(1), cash(1, 25));
    expect(server.received).toHaveLength(0);
    const stored = await entriesOf('driver-1');
    expect(stored.map((e) => e.id)).toEqual([e1!.id, e2!.id]);
    expect(stored[0]).toMatchObject({ state: 'waiting', attempts: 0, userId: 'driver-1', action: delivered(1) });
    expect(e1!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(e1!.id).not.toBe(e2!.id);
  });

  it('sends in the order the actions were taken, one at a time, each with its key and the session token', async () => {
    const entries = await queued('driver-1', reorder(3, 1, 2), delivered(3), cash(3, 40), nobodyThere(1), delivered(2));
    await flushQueue('driver-1');
    expect(server.received.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /api/db/deliveries/setRouteOrder',
      'POST /api/db/deliveries/complete/o3',
      'POST /api/db/deliveries/collect/o3',
      'POST /api/db/deliveries/complete/o1',
      'POST /api/db/deliveries/complete/o2',
    ]);
    expect(server.received.map((r) => r.key)).toEqual(entries.map((e) => e.id));
    expect(server.received.every((r) => r.token === 'Bearer token-of-driver-1')).toBe(true);
    expect(await entriesOf('driver-1')).toEqual([]);
  });

  it('sends an action enqueued while online at once', async () => {
    await enqueue('driver-1', delivered(1));
    await flushQueue('driver-1');
    expect(server.applied.size).toBe(1);
    expect(await entriesOf('driver-1')).toEqual([]);
  });

  it('applies an action exactly once when its answer was lost: the resend carries the same key', async () => {
    const [first, second] = await queued('driver-1', delivered(1), cash(1, 25));
    server.script.push('lose');
    await flushQueue('driver-1');
    // The server applied it, the phone never heard: it waits, and nothing after it went.
    expect(server.applied.size).toBe(1);
    expect(await entriesOf('driver-1')).toMatchObject([
      { id: first!.id, state: 'waiting', attempts: 1, error: expect.stringMatching(/Network error/) },
      { id: second!.id, state: 'waiting', attempts: 0 },
    ]);
    await flushQueue('driver-1');
    expect(server.received.map((r) => r.key)).toEqual([first!.id, first!.id, second!.id]);
    expect(server.applied.size).toBe(2);
    expect(await entriesOf('driver-1')).toEqual([]);
  });

  it('resends an action that was on the wire when the page closed (still "sending") with its key', async () => {
    await addEntry({
      id: 'key-in-flight',
      action: delivered(2),
      userId: 'driver-1',
      createdAt: '2026-11-27T10:00:00.000Z',
      state: 'sending',
      attempts: 1,
    });
    await flushQueue('driver-1');
    expect(server.received.map((r) => r.key)).toEqual(['key-in-flight']);
    expect(await entriesOf('driver-1')).toEqual([]);
  });

  it('keeps a refused action with the reason and goes on with the next; dismissing removes it', async () => {
    const [e1, e2, e3] = await queued('driver-1', delivered(1), delivered(2), cash(3, 10));
    server.script.push('ok', { status: 409, message: 'Order SO-1002 was cancelled after you loaded it' });
    await flushQueue('driver-1');
    expect(server.received.map((r) => r.key)).toEqual([e1!.id, e2!.id, e3!.id]);
    const left = await entriesOf('driver-1');
    expect(left).toEqual([
      expect.objectContaining({
        id: e2!.id,
        state: 'conflict',
        error: 'Order SO-1002 was cancelled after you loaded it',
        attempts: 1,
      }),
    ]);
    // Flushing again sends nothing more: a refused action is not sent again.
    await flushQueue('driver-1');
    expect(server.received).toHaveLength(3);
    await dismissEntry('driver-1', e2!.id);
    expect(await entriesOf('driver-1')).toEqual([]);
  });

  it('takes 400, 403, 404, 409 and 422 as refusals; stops on no network, 401, 429 and 5xx', () => {
    for (const status of [400, 403, 404, 409, 422]) expect(verdictOf(new ApiError(status, 'x'))).toBe('conflict');
    for (const status of [0, 401, 429, 500, 502, 503]) expect(verdictOf(new ApiError(status, 'x'))).toBe('retry');
    expect(verdictOf(new ApiError(413, 'Too large'))).toBe('failed');
    expect(verdictOf(new Error('Could not refresh the session'))).toBe('retry');
  });

  it('stops at a server error and keeps the rest in order for the next try', async () => {
    const [e1, e2, e3] = await queued('driver-1', delivered(1), delivered(2), delivered(3));
    server.script.push('ok', { status: 503, message: 'Service Unavailable' });
    await flushQueue('driver-1');
    expect(server.received.map((r) => r.key)).toEqual([e1!.id, e2!.id]);
    expect(await entriesOf('driver-1')).toMatchObject([
      { id: e2!.id, state: 'waiting', attempts: 1 },
      { id: e3!.id, state: 'waiting', attempts: 0 },
    ]);
    await flushQueue('driver-1');
    expect(server.received.map((r) => r.key)).toEqual([e1!.id, e2!.id, e2!.id, e3!.id]);
    expect(await entriesOf('driver-1')).toEqual([]);
  });

  it('stops at once without a network: the entry keeps its place', async () => {
    const [e1] = await queued('driver-1', delivered(1), delivered(2));
    server.script.push('network');
    await flushQueue('driver-1');
    expect(server.applied.size).toBe(0);
    expect(await entriesOf('driver-1')).toMatchObject([{ id: e1!.id, state: 'waiting', attempts: 1 }, {}]);
    online = false;
    await flushQueue('driver-1');
    expect(server.applied.size).toBe(0);
  });

  it("keeps each user's queue apart: a flush sends only the signed-in user's entries", async () => {
    const [other] = await queued('driver-2', delivered(1));
    const [mine] = await queued('driver-1', delivered(2));
    await flushQueue('driver-1');
    expect(server.received.map((r) => r.key)).toEqual([mine!.id]);
    expect(await entriesOf('driver-2')).toMatchObject([{ id: other!.id, state: 'waiting', attempts: 0 }]);
    expect(await entriesOf('driver-1')).toEqual([]);
  });

  it("sends a later action at the same stop against the order as the driver's own earlier action left it", async () => {
    await queued('driver-1', nobodyThere(1), delivered(1, '2026-11-27T15:00:00.000Z'));
    await flushQueue('driver-1');
    const [first, second] = server.received;
    expect(first!.body.modifiedOn).toBe('2026-11-27T08:00:00.000Z');
    expect(second!.body.modifiedOn).toBe('2026-11-27T12:00:01.000Z');
  });
});

describe('the stored day', () => {
  const day = driverDay(3);

  it('is saved from each good answer and shown from the phone without a network', async () => {
    server.fetch = async () => new Response(JSON.stringify(day), { status: 200 });
    vi.stubGlobal('fetch', server.fetch);
    await loadDriverDay('driver-1', DAY);
    expect(dayState('driver-1', DAY)).toMatchObject({ base: day, fromCache: false, isPending: false });
    expect((await loadDay('driver-1', DAY))?.data).toEqual(day);

    resetDayStates();
    online = false;
    await loadDriverDay('driver-1', DAY);
    const state = dayState('driver-1', DAY);
    expect(state).toMatchObject({ base: day, fromCache: true, isPending: false, error: null });
    expect(state.savedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Another user of the phone has no stored day.
    await loadDriverDay('driver-2', DAY);
    expect(dayState('driver-2', DAY)).toMatchObject({ fromCache: false, isPending: false });
    expect(dayState('driver-2', DAY).error).toBeInstanceOf(Error);
  });

  it('falls back to the stored day when the request fails, not when the server refuses', async () => {
    await saveDay('driver-1', DAY, day);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await loadDriverDay('driver-1', DAY);
    expect(dayState('driver-1', DAY)).toMatchObject({ base: day, fromCache: true });

    resetDayStates();
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message: 'Not a driver' }), { status: 403 }));
    await loadDriverDay('driver-1', DAY);
    expect(dayState('driver-1', DAY).base).toBeUndefined();
    expect(dayState('driver-1', DAY).error).toMatchObject({ status: 403 });
  });

  it('drops an answer asked for before an action was answered, and asks the day again', async () => {
    const stale = driverDay(3);
    const fresh = {
      ...stale,
      stops: stale.stops.map((st, i) => (i === 0 ? { ...st, state: 'NOBODY_THERE' as const } : st)),
    };
    let release: () => void = () => undefined;
    const answers = [stale, fresh];
    let asked = 0;
    vi.stubGlobal('fetch', async () => {
      const body = answers[Math.min(asked++, answers.length - 1)];
      if (asked === 1) await new Promise<void>((resolve) => (release = resolve));
      return new Response(JSON.stringify(body), { status: 200 });
    });
    const first = loadDriverDay('driver-1', DAY);
    await vi.waitFor(() => expect(asked).toBe(1));
    // The queue's action was answered while the first load was on its way: its answer predates the action.
    await applyToDays('driver-1', (d) => d);
    release();
    await first;
    await vi.waitFor(() => expect(dayState('driver-1', DAY).base?.stops[0]!.state).toBe('NOBODY_THERE'));
    expect(asked).toBe(2);
  });

  it("takes the server's answer to a sent action into the stored day", async () => {
    await saveDay('driver-1', DAY, day);
    await queued('driver-1', delivered(2), cash(2, 15));
    await flushQueue('driver-1');
    const stored = (await loadDay('driver-1', DAY))!.data;
    expect(stored.stops[1]!.state).toBe('DELIVERED');
    expect(stored.collections).toMatchObject([{ orderId: 'o2', amount: 15, status: 'PENDING' }]);
  });
});

describe('the hooks the screens use', () => {
  it('show what waits, what was refused, and empty as the queue is sent; a dismissal removes a refusal', async () => {
    const [e1, e2] = await queued('driver-1', delivered(1), delivered(2));
    online = false;
    const { result } = renderHook(() => useDriverQueue('driver-1'));
    await waitFor(() => expect(result.current.waiting).toBe(2));
    expect(result.current).toMatchObject({ online: false, conflicts: [] });
    expect(result.current.entries.map((e) => e.id)).toEqual([e1!.id, e2!.id]);

    server.script.push({ status: 409, message: 'Order SO-1001 was changed in the office after you loaded it' });
    online = true;
    await act(() => result.current.flushNow());
    expect(result.current.waiting).toBe(0);
    expect(result.current.conflicts).toMatchObject([
      { id: e1!.id, state: 'conflict', error: 'Order SO-1001 was changed in the office after you loaded it' },
    ]);
    await act(() => result.current.dismiss(e1!.id));
    expect(result.current.entries).toEqual([]);
  });

  it("lay the queue over the day, from the phone's copy when offline", async () => {
    await saveDay('driver-1', DAY, driverDay(3));
    await queued('driver-1', reorder(3, 1, 2), delivered(3), cash(3, 12));
    online = false;
    const { result } = renderHook(() => useDriverDay('driver-1', DAY));
    await waitFor(() => expect(result.current.data?.collections).toHaveLength(1));
    expect(result.current).toMatchObject({ fromCache: true, isPending: false, error: null });
    expect(result.current.savedAt).toBeDefined();
    expect(result.current.data!.stops.map((s) => [s.orderId, s.state])).toEqual([
      ['o3', 'DELIVERED'],
      ['o1', 'TODO'],
      ['o2', 'TODO'],
    ]);
    expect(result.current.data!.summary).toMatchObject({ cash: 12, delivered: 1, remaining: 2, pending: 1 });
  });
});
