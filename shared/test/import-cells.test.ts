import { describe, expect, it } from 'vitest';
import {
  CELL_MESSAGES,
  isEmptyRow,
  isFormula,
  parseBooleanCell,
  parseDayCell,
  parseNumberCell,
} from '../src/rules/imports/cells';

/** Cells of an import (issue 24): local number and date formats, formulas and empty rows. */

const value = <T>(r: { ok: true; value: T } | { ok: false; message: string }) => (r.ok ? r.value : r.message);

describe('numbers', () => {
  it.each([
    [12.5, 12.5],
    ['12.50', 12.5],
    ['$1,234.50', 1234.5],
    ['1.234,50', 1234.5],
    ['1 234,50 €', 1234.5],
    ['12,5', 12.5],
    ['1,234', 1234],
    ['1.234.567', 1234567],
    ['(5.00)', -5],
    ['-3', -3],
    [" 7'500 ", 7500],
  ])('%j → %j', (raw, expected) => expect(value(parseNumberCell(raw))).toBe(expected));

  it.each([['abc'], ['1,23,4'], ['12.5.6'], [''], ['$'], [Number.NaN]])('%j is refused with a message', (raw) => {
    const r = parseNumberCell(raw);
    expect(r.ok).toBe(false);
    expect(value(r)).toMatch(/is not a number/);
  });

  it('refuses formulas, written or as a spreadsheet keeps them', () => {
    expect(parseNumberCell('=A1*2')).toEqual({ ok: false, message: CELL_MESSAGES.formula });
    expect(isFormula({ formula: 'SUM(A1:A3)', result: 6 })).toBe(true);
    expect(isFormula('12')).toBe(false);
  });
});

describe('yes and no', () => {
  it.each([
    ['Yes', true],
    ['y', true],
    ['TRUE', true],
    [1, true],
    ['x', true],
    ['no', false],
    ['', false],
    [false, false],
  ])('%j → %j', (raw, expected) => expect(value(parseBooleanCell(raw))).toBe(expected));
  it('refuses other words', () => expect(value(parseBooleanCell('maybe'))).toBe(CELL_MESSAGES.boolean('maybe')));
});

describe('dates', () => {
  it.each([
    ['2026-11-27', '2026-11-27'],
    ['2026-1-5', '2026-01-05'],
    ['11/27/2026', '2026-11-27'],
    ['03/04/2026', '2026-03-04'],
    ['27/11/2026', '2026-11-27'],
    ['27.11.2026', '2026-11-27'],
    [46_353, '2026-11-27'],
    [new Date(Date.UTC(2026, 10, 27)), '2026-11-27'],
  ])('%j → %s', (raw, expected) => expect(value(parseDayCell(raw))).toBe(expected));

  it.each([['2026-02-30'], ['13/13/2026'], ['tomorrow'], [1.5]])('%j is refused', (raw) =>
    expect(parseDayCell(raw).ok).toBe(false),
  );
});

it('an empty row is one with nothing but blanks', () => {
  expect(isEmptyRow(['', null, undefined, '  ', '\u00a0'])).toBe(true);
  expect(isEmptyRow(['', 0])).toBe(false);
});
