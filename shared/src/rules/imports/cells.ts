/**
 * Spreadsheet cells as an import reads them (issue 24): what a user typed in Excel, Numbers, Google Sheets or a
 * CSV, in their local formats, made into the values the API's bodies take, or a message saying why not. Pure, so
 * the dry run (server) and the template's notes (browser) agree.
 */

export type CellResult<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): CellResult<T> => ({ ok: true, value });
const fail = <T>(message: string): CellResult<T> => ({ ok: false, message });

export const CELL_MESSAGES = {
  formula: 'Formulas are not imported: paste the value instead',
  number: (raw: string) => `"${raw}" is not a number`,
  boolean: (raw: string) => `"${raw}" is not yes or no`,
  day: (raw: string) => `"${raw}" is not a date (use YYYY-MM-DD or MM/DD/YYYY)`,
} as const;

/** A cell's text: trimmed, non-breaking spaces as spaces; numbers and dates as they are. */
export const cellText = (raw: unknown): string =>
  raw === null || raw === undefined
    ? ''
    : String(raw)
        .replace(/\u00a0/g, ' ')
        .trim();

/** Whether a cell holds a formula (exceljs gives `{ formula }`; a CSV or a pasted value starts with `=`). */
export const isFormula = (raw: unknown): boolean =>
  (typeof raw === 'object' && raw !== null && ('formula' in raw || 'sharedFormula' in raw)) ||
  (typeof raw === 'string' && raw.trim().startsWith('='));

/** Whether a row has nothing in it (trailing rows a spreadsheet keeps after clearing them). */
export const isEmptyRow = (cells: readonly unknown[]): boolean => cells.every((c) => cellText(c) === '');

/**
 * A number from a cell: a number as is; text in US or European writing ("1,234.50", "$1 234,50", "12,5", "1.234");
 * a lone comma or dot followed by exactly three digits is a thousands separator, else a decimal point.
 */
export function parseNumberCell(raw: unknown): CellResult<number> {
  if (isFormula(raw)) return fail(CELL_MESSAGES.formula);
  if (typeof raw === 'number') return Number.isFinite(raw) ? ok(raw) : fail(CELL_MESSAGES.number(String(raw)));
  const text = cellText(raw);
  let s = text.replace(/^[$€£]\s*|\s*[$€£]$/g, '').replace(/[\s']/g, '');
  const negative = /^\(.*\)$/.test(s) || s.startsWith('-');
  s = s.replace(/^\(|\)$/g, '').replace(/^-/, '');
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return fail(CELL_MESSAGES.number(text));
  const commas = (s.match(/,/g) ?? []).length;
  const dots = (s.match(/\./g) ?? []).length;
  let normal: string;
  if (commas > 0 && dots > 0) {
    // The separator written last is the decimal one: "1,234.50" or "1.234,50".
    normal = s.lastIndexOf(',') > s.lastIndexOf('.') ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (commas + dots === 0) normal = s;
  else {
    const sep = commas > 0 ? ',' : '.';
    const count = commas + dots;
    const after = s.length - s.lastIndexOf(sep) - 1;
    const grouping = count > 1 || after === 3;
    if (grouping && !new RegExp(`^\\d{1,3}(\\${sep}\\d{3})+$`).test(s)) return fail(CELL_MESSAGES.number(text));
    normal = grouping ? s.split(sep).join('') : s.replace(sep, '.');
  }
  const value = Number(normal);
  return Number.isFinite(value) ? ok(negative ? -value : value) : fail(CELL_MESSAGES.number(text));
}

const TRUE = new Set(['yes', 'y', 'true', '1', 'x', 'on']);
const FALSE = new Set(['no', 'n', 'false', '0', 'off', '']);

/** Yes or no from a cell (an empty cell is no). */
export function parseBooleanCell(raw: unknown): CellResult<boolean> {
  if (isFormula(raw)) return fail(CELL_MESSAGES.formula);
  if (typeof raw === 'boolean') return ok(raw);
  const text = cellText(raw);
  const word = text.toLowerCase();
  if (TRUE.has(word)) return ok(true);
  if (FALSE.has(word)) return ok(false);
  return fail(CELL_MESSAGES.boolean(text));
}

const pad = (n: number) => String(n).padStart(2, '0');
const isDay = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && y <= 2999 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};
const dayOf = (y: number, m: number, d: number, raw: string): CellResult<string> =>
  isDay(y, m, d) ? ok(`${y}-${pad(m)}-${pad(d)}`) : fail(CELL_MESSAGES.day(raw));

/** Days from 1899-12-30: what a spreadsheet stores a date as. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * A calendar day (YYYY-MM-DD) from a cell: a Date (a spreadsheet's date cell, read in UTC), a spreadsheet serial
 * number, ISO text, US "11/27/2026" (slashes are month first, as in the US where the product sells), or day first
 * with dots ("27.11.2026") or where the first number can't be a month ("27/11/2026").
 */
export function parseDayCell(raw: unknown): CellResult<string> {
  if (isFormula(raw)) return fail(CELL_MESSAGES.formula);
  if (raw instanceof Date)
    return Number.isNaN(raw.getTime()) ? fail(CELL_MESSAGES.day('')) : ok(raw.toISOString().slice(0, 10));
  if (typeof raw === 'number') {
    if (!Number.isInteger(raw) || raw < 1 || raw > 400_000) return fail(CELL_MESSAGES.day(String(raw)));
    return ok(new Date(EXCEL_EPOCH + raw * 86_400_000).toISOString().slice(0, 10));
  }
  const text = cellText(raw);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  if (iso) return dayOf(Number(iso[1]), Number(iso[2]), Number(iso[3]), text);
  const parts = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/.exec(text);
  if (!parts) return fail(CELL_MESSAGES.day(text));
  const [a, b, y] = [Number(parts[1]), Number(parts[3]), Number(parts[4])];
  return parts[2] === '.' || a > 12 ? dayOf(y, b, a, text) : dayOf(y, a, b, text);
}
