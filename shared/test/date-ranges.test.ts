import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, MAX_RANGE_DAYS, MAX_RANGE_MONTHS, monthsTouched, WINDOW_END_MS, WINDOW_START_MS } from '../src';

const monthOf = (time: number) => new Date(time).toISOString().slice(0, 7);

describe('monthsTouched: the month partitions a range reads', () => {
  it('lists the months from the first to the last, across a year end', () => {
    expect(monthsTouched(Date.parse('2026-11-20T00:00:00Z'), Date.parse('2027-02-01T00:00:00Z'))).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
    const day = Date.parse('2026-03-05T00:00:00Z');
    expect(monthsTouched(day, day + DAY_MS - 1)).toEqual(['2026-03']);
    expect(monthsTouched(WINDOW_END_MS - DAY_MS, WINDOW_END_MS)).toEqual(['2099-12']);
  });

  it('reads no month for a reversed range, and refuses instead of looping when there are too many', () => {
    expect(monthsTouched(Date.parse('2026-03-05'), Date.parse('2026-03-04'))).toEqual([]);
    expect(monthsTouched(WINDOW_START_MS, WINDOW_END_MS)).toBeUndefined();
    expect(monthsTouched(Date.parse('2026-01-01'), Date.parse('2027-03-31'), 15)).toHaveLength(15);
    expect(monthsTouched(Date.parse('2026-01-01'), Date.parse('2027-04-01'), 15)).toBeUndefined();
  });

  it('refuses what is not a time, however far out (the probe: the loop ran into year 275760)', () => {
    for (const [start, end] of [
      [Number.NaN, 0],
      [0, Number.POSITIVE_INFINITY],
      [0, 8.64e15 + 1],
      [Date.parse('9999-12-01'), 8.64e15],
    ])
      expect(monthsTouched(start!, end!)).toBeUndefined();
  });

  it('never lists more than the maximum, whatever the bounds (property)', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), fc.double({ noNaN: false }), fc.nat(40), (start, end, max) => {
        const months = monthsTouched(start, end, max);
        if (months) expect(months.length).toBeLessThanOrEqual(max);
      }),
    );
  });

  it(`covers a range of at most ${MAX_RANGE_DAYS} days in at most ${MAX_RANGE_MONTHS} months, in order (property)`, () => {
    fc.assert(
      fc.property(
        fc.integer({ min: WINDOW_START_MS, max: WINDOW_END_MS - MAX_RANGE_DAYS * DAY_MS }),
        fc.integer({ min: 0, max: MAX_RANGE_DAYS * DAY_MS }),
        fc.integer({ min: 0, max: MAX_RANGE_DAYS * DAY_MS }),
        (start, span, probe) => {
          const end = start + span;
          const months = monthsTouched(start, end)!;
          expect(months).toBeDefined();
          expect(months.length).toBeLessThanOrEqual(MAX_RANGE_MONTHS);
          expect(months[0]).toBe(monthOf(start));
          expect(months.at(-1)).toBe(monthOf(end));
          expect(months).toContain(monthOf(start + Math.min(probe, span)));
          expect([...months].sort()).toEqual(months);
          expect(new Set(months).size).toBe(months.length);
        },
      ),
    );
  });

  it(`needs all ${MAX_RANGE_MONTHS} for some range of ${MAX_RANGE_DAYS} days`, () => {
    const start = Date.parse('2026-01-31T00:00:00Z');
    expect(monthsTouched(start, start + MAX_RANGE_DAYS * DAY_MS)).toHaveLength(MAX_RANGE_MONTHS);
  });
});
