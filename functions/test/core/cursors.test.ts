import { beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError } from '../../src/domain';
import { put, query } from '../../src/data/core';
import { type ChangeLogItem, changeLogEntity } from '../../src/data/change-log/entity';
import { useFreshTable } from '../support/env';

/**
 * Cursors: `query` with a `limit` answers one page and a cursor to the next (base64url of DynamoDB's
 * LastEvaluatedKey). Pages follow one another without gaps or repeats, on the table's key and on an index;
 * a cursor that is not one this query made (malformed, other attributes, another partition, outside the
 * sort-key condition) is the caller's mistake: 400 'Invalid cursor', never a start key DynamoDB would refuse.
 */

const entry = (entityId: string, i: number, userId = 'user-cursor'): ChangeLogItem => ({
  id: `e${String(i).padStart(2, '0')}`,
  action: 'update',
  entityType: 'product',
  entityId,
  userId,
  createdAt: `2026-05-${String(i + 1).padStart(2, '0')}T08:00:00.000Z`,
  changes: [],
});
const A = Array.from({ length: 7 }, (_, i) => entry('product-a', i));
const B = Array.from({ length: 3 }, (_, i) => entry('product-b', i, 'user-other'));

/** Every page of a query, following cursors; the page sizes and the ids in the order read. */
async function allPages(read: (cursor: string | null) => ReturnType<typeof query<typeof changeLogEntity>>) {
  const sizes: number[] = [];
  const ids: string[] = [];
  const cursors: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await read(cursor);
    sizes.push(page.items.length);
    ids.push(...page.items.map((e) => e.id));
    cursor = page.cursor;
    if (cursor) cursors.push(cursor);
  } while (cursor && sizes.length < 20);
  return { sizes, ids, cursors };
}

const encode = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
const decode = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as object;

beforeAll(async () => {
  await useFreshTable();
  await Promise.all([...A, ...B].map((e) => put(changeLogEntity, e)));
});

describe('pagination', () => {
  it('reads a partition in pages of the limit, each item once, in key order', async () => {
    const { sizes, ids, cursors } = await allPages((cursor) =>
      query(changeLogEntity, 'primary', { entityType: 'product', entityId: 'product-a' }, { limit: 3, cursor }),
    );
    // DynamoDB may end on a full page with a cursor to an empty one; never more.
    expect(sizes.filter((n) => n > 0)).toEqual([3, 3, 1]);
    expect(ids).toEqual(A.map((e) => e.id));
    // Cursors are URL-safe (the routes accept /^[\w-]*$/) and decode to the last key read.
    for (const cursor of cursors) expect(cursor).toMatch(/^[\w-]+$/);
    expect(Object.keys(decode(cursors[0]!)).sort()).toEqual(['pk', 'sk']);
  });

  it('pages newest first, and on a secondary index', async () => {
    const desc = await allPages((cursor) =>
      query(
        changeLogEntity,
        'primary',
        { entityType: 'product', entityId: 'product-a' },
        { limit: 2, cursor, order: 'desc' },
      ),
    );
    expect(desc.ids).toEqual(A.map((e) => e.id).reverse());
    const byUser = await allPages((cursor) =>
      query(changeLogEntity, 'byUser', { userId: 'user-cursor' }, { limit: 4, cursor }),
    );
    expect(byUser.ids).toEqual(A.map((e) => e.id));
    expect(Object.keys(decode(byUser.cursors[0]!)).sort()).toEqual(['gsi1pk', 'gsi1sk', 'pk', 'sk']);
  });

  it('answers every item and no cursor without a limit', async () => {
    const all = await query(changeLogEntity, 'primary', { entityType: 'product', entityId: 'product-a' });
    expect([all.items.length, all.cursor]).toEqual([7, null]);
  });
});

describe('a cursor this query did not make', () => {
  const pageOfA = (cursor: string) =>
    query(changeLogEntity, 'primary', { entityType: 'product', entityId: 'product-a' }, { limit: 2, cursor });

  it("is refused when it is another partition's", async () => {
    const ofB = await query(changeLogEntity, 'primary', { entityType: 'product', entityId: 'product-b' }, { limit: 1 });
    expect(ofB.cursor).not.toBeNull();
    await expect(pageOfA(ofB.cursor!)).rejects.toThrow(new BadRequestError('Invalid cursor'));
    await expect(pageOfA(ofB.cursor!)).rejects.toBeInstanceOf(BadRequestError);
  });

  it("is refused when it is another index's", async () => {
    const byUser = await query(changeLogEntity, 'byUser', { userId: 'user-cursor' }, { limit: 1 });
    await expect(pageOfA(byUser.cursor!)).rejects.toThrow('Invalid cursor');
  });

  it('is refused when malformed', async () => {
    const key = decode(await firstCursorOfA()) as Record<string, string>;
    await expect(pageOfA(encode(key))).resolves.toMatchObject({ items: [{ id: 'e02' }, { id: 'e03' }] });
    const bad = [
      'not a cursor',
      Buffer.from('{"pk":').toString('base64url'),
      encode([key.pk, key.sk]),
      encode({ ...key, extra: 'x' }),
      encode({ pk: key.pk }),
      encode({ pk: key.pk, sk: { S: key.sk } }),
      encode(null),
    ];
    for (const cursor of bad) await expect(pageOfA(cursor), cursor).rejects.toThrow('Invalid cursor');
  });

  it('is refused when it lies outside the sort-key condition', async () => {
    const late = await query(
      changeLogEntity,
      'primary',
      { entityType: 'product', entityId: 'product-a' },
      { limit: 1, order: 'desc' },
    );
    const early = query(
      changeLogEntity,
      'primary',
      { entityType: 'product', entityId: 'product-a' },
      { limit: 2, cursor: late.cursor, sort: { lte: { createdAt: '2026-05-02T08:00:00.000Z' } } },
    );
    await expect(early).rejects.toThrow('Invalid cursor');
  });
});

const firstCursorOfA = async () =>
  (await query(changeLogEntity, 'primary', { entityType: 'product', entityId: 'product-a' }, { limit: 2 })).cursor!;
