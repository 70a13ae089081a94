/** A count with its noun: `1 match`, `1,204 unsaved changes`. */
export const countText = (n: number, one: string, many = `${one}s`): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The text filters show beside a search: `3 matches`. */
export const matchesText = (n: number): string => countText(n, 'match', 'matches');

const units = new Intl.NumberFormat('en-US');
/** A number of units as every list shows it: `1,204`. */
export const formatUnits = (n: number): string => units.format(n);
