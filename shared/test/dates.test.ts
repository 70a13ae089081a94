import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  dateMessage,
  orderedRange,
  parseWireDate,
  rangeQuery,
  routeList,
  weekParams,
  windowYear,
  wireDate,
  wireDateOf,
  WINDOW_END_MS,
  WINDOW_START_MS,
  type DateShape,
} from '../src';
import * as z from '../src/zod';
import { leavesOf } from './support/schema-leaves';

const WINDOW = 'between 2000-01-01 and 2099-12-31';
const problemOf = (value: unknown, shape: DateShape = 'dayOrInstant') => {
  const parsed = parseWireDate(value, shape);
  return typeof parsed === 'string' ? parsed : 'ok';
};

describe('the date rule: real calendar dates from 2000-01-01 to 2099-12-31 (UTC)', () => {
  it('takes the first and last day and instant of the window, and refuses the ones just outside', () => {
    expect(problemOf('1999-12-31')).toBe('window');
    expect(problemOf('2000-01-01')).toBe('ok');
    expect(problemOf('2000-01-01T00:00:00Z')).toBe('ok');
    expect(problemOf('1999-12-31T23:59:59.999Z')).toBe('window');
    expect(problemOf('2099-12-31')).toBe('ok');
    expect(problemOf('2099-12-31T23:59:59.999Z')).toBe('ok');
    expect(problemOf('2100-01-01T00:00:00Z')).toBe('window');
    expect(problemOf('2100-01-01')).toBe('window');
  });

  it('reads a day as its whole UTC day and an instant as itself', () => {
    expect(parseWireDate('2026-03-05', 'day')).toEqual({
      shape: 'day',
      day: '2026-03-05',
      start: Date.parse('2026-03-05T00:00:00.000Z'),
      end: Date.parse('2026-03-05T23:59:59.999Z'),
    });
    const at = Date.parse('2026-03-05T19:30:00.000Z');
    expect(parseWireDate('2026-03-05T14:30:00-05:00')).toEqual({
      shape: 'instant',
      day: '2026-03-05',
      start: at,
      end: at,
    });
    expect(parseWireDate('2026-03-05T19:30Z')).toMatchObject({ start: at });
    expect(parseWireDate('2026-03-05T19:30:00.123456789Z')).toMatchObject({ start: at + 123 });
  });

  it('applies the offset before the window: +14:00 and -12:00 cross its edges', () => {
    expect(problemOf('2000-01-01T13:59:59+14:00')).toBe('window');
    expect(problemOf('2000-01-01T14:00:00+14:00')).toBe('ok');
    expect(problemOf('2099-12-31T11:59:59.999-12:00')).toBe('ok');
    expect(problemOf('2099-12-31T12:00:00-12:00')).toBe('window');
    expect(problemOf('1999-12-31T12:00:00-12:00')).toBe('ok');
    expect(problemOf('2100-01-01T13:59:59+14:00')).toBe('ok');
    expect(problemOf('2026-03-05T10:00:00+14:01')).toBe('unreal');
    expect(problemOf('2026-03-05T10:00:00-12:30')).toBe('unreal');
  });

  it('takes leap days only in leap years, and no day or month that does not exist', () => {
    expect(problemOf('2024-02-29')).toBe('ok');
    expect(problemOf('2000-02-29')).toBe('ok');
    expect(problemOf('2026-02-29')).toBe('unreal');
    expect(problemOf('2026-02-30')).toBe('unreal');
    expect(problemOf('2026-04-31T10:00:00Z')).toBe('unreal');
    expect(problemOf('2026-13-01')).toBe('unreal');
    expect(problemOf('2026-00-10')).toBe('unreal');
    expect(problemOf('2026-01-00')).toBe('unreal');
  });

  it('refuses times out of range', () => {
    for (const value of ['2026-03-05T24:00:00Z', '2026-03-05T23:60:00Z', '2026-03-05T23:59:60Z'])
      expect(problemOf(value), value).toBe('unreal');
  });

  it('refuses expanded years, other shapes and anything not a string', () => {
    for (const value of [
      '+010000-01-01',
      '-000001-01-01',
      '+275760-09-13',
      '+275760-09-13T00:00:00Z',
      '9999-12-31',
      '0001-01-01',
      '1969-12-31',
    ])
      expect(problemOf(value), value).not.toBe('ok');
    for (const value of [
      '',
      'yesterday',
      'March 5, 2026',
      '2026-3-5',
      '20260305',
      '2026-03-05T10:00:00',
      '2026-03-05 10:00:00Z',
      '2026-03-05t10:00:00z',
      '2026-03-05T10:00:00.1234567890Z',
      ' 2026-03-05',
    ])
      expect(problemOf(value), value).toBe('shape');
    for (const value of [20260305, 1_772_668_800_000, null, undefined, {}, ['2026-03-05'], true])
      expect(problemOf(value), String(value)).toBe('shape');
  });

  it('holds each field to its shape', () => {
    expect(problemOf('2026-03-05', 'instant')).toBe('shape');
    expect(problemOf('2026-03-05T10:00:00Z', 'day')).toBe('shape');
    expect(problemOf('2026-03-05T10:00:00Z', 'instant')).toBe('ok');
  });

  it('agrees with Date on every instant of the window (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: WINDOW_START_MS, max: WINDOW_END_MS }),
        fc.integer({ min: -12 * 60, max: 14 * 60 }),
        (time, offset) => {
          const local = new Date(time + offset * 60_000).toISOString().slice(0, 23);
          const sign = offset < 0 ? '-' : '+';
          const abs = Math.abs(offset);
          const text = `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
          expect(parseWireDate(text, 'instant')).toEqual({
            shape: 'instant',
            day: text.slice(0, 10),
            start: time,
            end: time,
          });
          expect(Date.parse(text)).toBe(time);
        },
      ),
    );
  });

  it('takes every day of the window and none outside it (property)', () => {
    const day = (time: number) => new Date(time).toISOString().slice(0, 10);
    fc.assert(
      fc.property(fc.integer({ min: WINDOW_START_MS, max: WINDOW_END_MS }), (time) => {
        expect(problemOf(day(time), 'day')).toBe('ok');
      }),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: Date.UTC(1000, 0, 1), max: WINDOW_START_MS - 1 }),
          fc.integer({ min: WINDOW_END_MS + 1, max: Date.UTC(9999, 11, 31) }),
        ),
        (time) => {
          expect(problemOf(day(time), 'day')).toBe('window');
          expect(problemOf(new Date(time).toISOString(), 'instant')).toBe('window');
        },
      ),
    );
  });
});

describe('the date schemas', () => {
  const issues = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
    result.error?.issues.map((i) => i.message);

  it('name the field and the window in every refusal', () => {
    const schema = wireDate('Received on', 'dayOrInstant', { required: 'Received on is required' });
    expect(issues(schema.safeParse('9999-12-31'))).toEqual([`Received on must be ${WINDOW} (UTC)`]);
    expect(issues(schema.safeParse('+010000-01-01'))).toEqual([
      `Received on must be a date (YYYY-MM-DD) or a date-time with Z or an offset ${WINDOW} (UTC)`,
    ]);
    expect(issues(schema.safeParse('2026-02-30'))).toEqual([`Received on must be a real date ${WINDOW} (UTC)`]);
    expect(issues(schema.safeParse(20260305))).toEqual([
      `Received on must be a date (YYYY-MM-DD) or a date-time with Z or an offset ${WINDOW} (UTC)`,
    ]);
    expect(issues(schema.safeParse(undefined))).toEqual(['Received on is required']);
    expect(dateMessage('from', 'day', 'window')).toBe(`from must be ${WINDOW}`);
    expect(schema.parse(' 2026-03-05T10:00:00+02:00 ')).toBe('2026-03-05T10:00:00+02:00');
  });

  it('cut a calendar day from a date-time as written', () => {
    const day = calendarDay('Delivery date');
    expect(day.parse('2026-03-05T23:30:00-05:00')).toBe('2026-03-05');
    expect(day.parse('2026-03-05')).toBe('2026-03-05');
    expect(day.safeParse('2026-03-05T23:30:00').success).toBe(false);
    expect(day.safeParse('2100-01-01').success).toBe(false);
  });

  it('take a payroll year inside the window only', () => {
    const year = windowYear();
    expect(year.parse('2000')).toBe(2000);
    expect(year.parse('2099')).toBe(2099);
    for (const bad of ['1999', '2100', '9999', '0001', '+10000', '26', 'abcd', ''])
      expect(issues(year.safeParse(bad)), bad).toEqual(['Year must be a year from 2000 to 2099']);
  });

  it('keep the reversed-range check, and bound the width where a route reads month by month', () => {
    expect(rangeQuery.safeParse({ from: '2026-03-05T10:00:00Z', to: '2026-03-05' }).success).toBe(true);
    expect(issues(rangeQuery.safeParse({ from: '2026-03-06', to: '2026-03-05T23:59:59Z' }))).toEqual([
      'from must not be after to',
    ]);
    expect(rangeQuery.safeParse({ from: '2000-01-01', to: '2099-12-31' }).success).toBe(true);
    expect(weekParams.safeParse({ fromISO: '2026-01-01', toISO: '2027-02-04' }).success).toBe(true);
    expect(weekParams.safeParse({ fromISO: '2026-01-01', toISO: '2027-02-05' }).error?.issues).toMatchObject([
      { path: ['toISO'], message: 'The range from fromISO to toISO can be at most 400 days' },
    ]);
    const checked = z.object({ a: z.string(), b: z.string() }).check(orderedRange('a', 'b'));
    expect(checked.safeParse({ a: '9999-12-31', b: '2026-01-01' }).success).toBe(true);
  });
});

/** Field names that say "date": each must go through the rule, so a new date field cannot slip past it. */
const DATE_NAME = /(Date|On|At|ISO)$|^(from|to|asOf|year)$/;

describe('every date a route takes goes through the rule', () => {
  const leaves = routeList().flatMap((row) =>
    (['params', 'query', 'body'] as const).flatMap((part) =>
      row[part]
        ? leavesOf(row[part]).map((leaf) => ({ ...leaf, name: `${row.id} ${part}.${leaf.path.join('.')}` }))
        : [],
    ),
  );
  const dated = leaves.filter((l) => wireDateOf(l.schema));

  it('finds the date fields of the route table by their mark', () => {
    const names = dated.map((l) => l.name);
    for (const name of [
      'orders.getByWeek params.fromISO',
      'orders.getByCustomer query.to',
      'customers.getAllOrders query.from',
      'payments.getAll query.to',
      'payments.receivables query.asOf',
      'payments.add body.paymentDate',
      'payments.update body.modifiedOn',
      'orders.new body.deliveryDate',
      'orders.update body.statusModifiedOn',
      'purchases.new body.expectedDeliveryOn',
      'purchases.getAll query.from',
      'products.addBatch body.receivedOn',
      'products.updateBatch body.receivedOn',
      'payroll.get params.year',
    ])
      expect(names).toContain(name);
  });

  it('leaves no field named like a date outside it', () => {
    const unmarked = leaves
      .filter((l) => DATE_NAME.test(String(l.path.filter((p) => typeof p === 'string').at(-1))))
      .filter((l) => !wireDateOf(l.schema))
      .map((l) => l.name);
    expect(unmarked).toEqual([]);
  });

  it('refuses the far future, the far past, expanded years and non-dates in every one of them', () => {
    const accepted = dated.flatMap((leaf) => {
      const bad =
        wireDateOf(leaf.schema)!.kind === 'year'
          ? ['9999', '0001', '1969', '+10000', '2100']
          : ['9999-12-31', '0001-01-01', '1969-12-31', '+010000-01-01', '+275760-09-13', '2026-02-30', 'yesterday', ''];
      return bad.filter((value) => leaf.schema.safeParse(value).success).map((value) => `${leaf.name} took ${value}`);
    });
    expect(accepted).toEqual([]);
  });
});
