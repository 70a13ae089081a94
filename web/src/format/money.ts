import { formatUsd, toCents } from '@bo/shared';
import { NO_VALUE } from './dates';

/** Dollars as the app shows money everywhere: `$1,234.50` (rounded at the cent like the server). */
export const formatMoney = (dollars: number | null | undefined): string =>
  dollars === undefined || dollars === null ? NO_VALUE : formatUsd(toCents(dollars));
