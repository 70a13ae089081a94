import type { Cents } from '../../money';
import { appliedTotal, creditAdded, paymentFunds } from './amounts';

export type PaymentBadge = 'FULLY PAID' | 'PARTIAL PAYMENT';

/** Per-order badge (spec section 4): FULLY PAID when the applied amount is at least the balance. */
export const paymentBadge = (applied: Cents, balanceDue: Cents): PaymentBadge =>
  applied >= balanceDue ? 'FULLY PAID' : 'PARTIAL PAYMENT';

/** Apply To row colour (spec section 4): greyed at zero balance, red at 0, amber when partial, green when covered. */
export type PaymentRowTone = 'disabled' | 'red' | 'amber' | 'green';

export function paymentRowTone(applied: Cents, balanceDue: Cents): PaymentRowTone {
  if (balanceDue <= 0) return 'disabled';
  if (applied <= 0) return 'red';
  return applied >= balanceDue ? 'green' : 'amber';
}

/** The dialog's two progress bars: 'Funds Applied to Orders' and 'Credit to Account', in cents and percent of the funds. */
export interface PaymentProgress {
  funds: Cents;
  appliedToOrders: Cents;
  creditToAccount: Cents;
  appliedPercent: number;
  creditPercent: number;
}

export const PAYMENT_PROGRESS_LABELS = {
  applied: 'Funds Applied to Orders',
  credit: 'Credit to Account',
} as const;

export function paymentProgress(p: {
  amount: Cents;
  creditDeducted: Cents;
  applied: ReadonlyArray<{ amount: Cents }>;
}): PaymentProgress {
  const funds = paymentFunds(p);
  const appliedToOrders = appliedTotal(p.applied);
  const creditToAccount = creditAdded(p);
  const percent = (part: Cents) => (funds > 0 ? Math.min(100, Math.round((part / funds) * 1000) / 10) : 0);
  return {
    funds,
    appliedToOrders,
    creditToAccount,
    appliedPercent: percent(appliedToOrders),
    creditPercent: percent(creditToAccount),
  };
}
