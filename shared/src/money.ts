/** Money is integer cents everywhere inside; dollars with two decimals on the wire. */
export type Cents = number & { readonly __cents?: never };

/** The largest dollar amount the app takes anywhere: a price, a credit (the API's `dollars` schema too). */
export const MAX_DOLLARS = 10_000_000;

/** Dollars to cents, rounding half away from zero at the cent. */
export const toCents = (dollars: number): Cents => {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not a finite amount: ${dollars}`);
  // Go through a fixed-precision string so 1.005 is 100.5 cents, not 100.49999.
  const scaled = Number(`${Math.abs(dollars).toFixed(6)}`) * 100;
  const cents = Math.round(Number(scaled.toFixed(4)));
  return (dollars < 0 && cents !== 0 ? -cents : cents) as Cents;
};

export const toDollars = (cents: Cents): number => cents / 100;

// Made on first use: creating an Intl formatter loads locale data, ~4 ms of every Lambda's cold start.
let usd: Intl.NumberFormat | undefined;
export const formatUsd = (cents: Cents): string =>
  (usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })).format(cents / 100);

/** Strips a typed price of everything but digits, '.' and '-' (spec section 5). */
export const cleanPriceString = (input: string): string => input.replace(/[^\d.-]/g, '');

/** A typed price for the UI (spec section 5: stripped of everything but digits, '.' and '-'), or why it is not one. */
export function parsePriceInput(input: string): { value: number } | { error: string } {
  const cleaned = cleanPriceString(input);
  if (cleaned === '') return { error: 'Enter a price' };
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return { error: 'Enter a valid price' };
  const value = Number(cleaned);
  if (!Number.isFinite(value)) return { error: 'Enter a valid price' };
  if (value < 0) return { error: 'Price cannot be negative' };
  if (value > MAX_DOLLARS) return { error: 'Price is too large' };
  return { value: toDollars(toCents(value)) };
}
