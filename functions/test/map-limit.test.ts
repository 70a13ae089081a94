import { describe, expect, it } from 'vitest';
import { sharedLimit } from '../src/data/map-limit';

/** A promise to settle by hand, so the test moves the pool from state to state instead of waiting for time. */
const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};
const settled = () => new Promise<void>((r) => setImmediate(r));

describe('sharedLimit', () => {
  it('runs at most `limit` tasks of all its callers at once, the rest first come first served', async () => {
    const limit = sharedLimit(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const all = gates.map((gate, i) =>
      limit(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await gate.promise;
        running--;
        return i;
      }),
    );
    await settled();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await settled();
    expect(started).toEqual([0, 1, 2]);
    // A newcomer starts after the tasks already waiting.
    const late = limit(async () => {
      started.push(99);
    });
    gates[0]!.resolve();
    await settled();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4]);
    await late;
    expect(started).toEqual([0, 1, 2, 3, 4, 99]);
    expect(most).toBe(2);
  });

  it('frees the slot of a task that fails', async () => {
    const limit = sharedLimit(1);
    await expect(limit(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit(async () => 'next')).toBe('next');
  });
});
