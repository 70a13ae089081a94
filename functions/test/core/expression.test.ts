import { describe, expect, it } from 'vitest';
import {
  Expression,
  and,
  eq,
  exists,
  gte,
  itemAbsent,
  itemExists,
  ne,
  notExists,
  or,
  updateExpression,
  updateRawInput,
} from '../../src/data/core';

/**
 * The core's one way to build expressions: every attribute a `#n` placeholder (reserved words such as
 * `name`, `status` or `group` need no care), every value a `:v` placeholder, one builder shared by an
 * update and its condition so their placeholders never collide.
 */
describe('Expression', () => {
  it('names each attribute once and each value separately', () => {
    const x = new Expression();
    expect([x.name('status'), x.name('group'), x.name('status')]).toEqual(['#n0', '#n1', '#n0']);
    expect([x.value(1), x.value(1)]).toEqual([':v2', ':v3']);
    expect(x.attributes()).toEqual({
      ExpressionAttributeNames: { '#n0': 'status', '#n1': 'group' },
      ExpressionAttributeValues: { ':v2': 1, ':v3': 1 },
    });
    // DynamoDB refuses empty placeholder maps: they are left out.
    expect(new Expression().attributes()).toEqual({});
  });

  it('writes document paths: names and list positions', () => {
    const x = new Expression();
    expect(x.path(['lines', 3, 'hasBeenStocked'])).toBe('#n0[3].#n1');
    expect(x.path('lines')).toBe('#n0');
    expect(eq(['lines', 0, 'hasBeenStocked'], false)(x)).toBe('#n0[0].#n1 = :v2');
  });
});

describe('conditions', () => {
  it('combine with AND and OR, in parentheses only where precedence needs them', () => {
    const x = new Expression();
    const condition = and(itemExists, or(notExists('stock'), gte('stock', 3)), ne('status', 'CANCELLED'))(x);
    expect(condition).toBe(
      'attribute_exists(#n0) AND attribute_exists(#n1) AND (attribute_not_exists(#n2) OR #n2 >= :v3) AND #n4 <> :v5',
    );
    // DynamoDB refuses redundant parentheses: one condition joined is itself; an AND in an AND is flat.
    expect(and(or(eq('a', 1)))(new Expression())).toBe('#n0 = :v1');
    expect(or(eq('a', 1), and(eq('b', 2), or(eq('c', 3), eq('d', 4))))(new Expression())).toBe(
      '#n0 = :v1 OR (#n2 = :v3 AND (#n4 = :v5 OR #n6 = :v7))',
    );
    expect(x.names).toEqual({ '#n0': 'pk', '#n1': 'sk', '#n2': 'stock', '#n4': 'status' });
    expect(x.values).toEqual({ ':v3': 3, ':v5': 'CANCELLED' });
    expect(itemAbsent(new Expression())).toBe('attribute_not_exists(#n0)');
    expect(exists(['a', 'b'])(new Expression())).toBe('attribute_exists(#n0.#n1)');
  });
});

describe('updates', () => {
  it('SET, ADD and REMOVE in one expression; a set to undefined removes', () => {
    const x = new Expression();
    const expression = updateExpression(x, {
      set: { name: 'Renamed', notes: undefined },
      add: { productCount: -1 },
      remove: ['image'],
    });
    expect(expression).toBe('SET #n0 = :v1 ADD #n2 :v3 REMOVE #n4, #n5');
    expect(x.names).toEqual({ '#n0': 'name', '#n2': 'productCount', '#n4': 'image', '#n5': 'notes' });
    expect(x.values).toEqual({ ':v1': 'Renamed', ':v3': -1 });
  });

  it('on a raw key, with a condition built by the same builder', () => {
    const input = updateRawInput(
      { pk: 'stockledger2', sk: 'bucket#07' },
      { set: { m: { move: 'x' } }, add: { sA: 2 } },
      { condition: gte('fA', 2) },
    );
    expect(input).toEqual({
      Key: { pk: 'stockledger2', sk: 'bucket#07' },
      UpdateExpression: 'SET #n0 = :v1 ADD #n2 :v3',
      ConditionExpression: '#n4 >= :v5',
      ExpressionAttributeNames: { '#n0': 'm', '#n2': 'sA', '#n4': 'fA' },
      ExpressionAttributeValues: { ':v1': { move: 'x' }, ':v3': 2, ':v5': 2 },
    });
    expect(updateRawInput({ pk: 'p', sk: 's' }, { add: { n: 1 } }).ConditionExpression).toBeUndefined();
  });
});
