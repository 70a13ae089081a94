import type { Cents } from '../money';

/**
 * A customer's available credit changes by payments, credit notes and refunds, each with its record. Typing a
 * new figure in is a hand adjustment (issue 23): an ADMIN's, with a note saying why, kept in the customer's
 * change log with the before and after figures. A body that repeats the credit the customer has (the spec's
 * client sends whole forms) changes nothing and is accepted from every role that may edit customers.
 */
export const canAdjustCreditByHand = (roles: readonly string[]): boolean => roles.includes('ADMIN');

export const CREDIT_ADJUSTMENT_MESSAGES = {
  adminOnly: "Only an administrator can change a customer's available credit by hand",
  noteRequired: 'Say why the available credit changes',
  noteWithoutChange: 'A credit note goes with a change of the available credit',
} as const;

export type CreditAdjustmentRefusal = { status: 400 | 403; message: string } | undefined;

/** Why a body's credit change is refused: not an ADMIN, or no note; a note with no change is refused too. */
export function creditAdjustmentRefusal(
  current: Cents,
  requested: Cents | undefined,
  note: string | undefined,
  roles: readonly string[],
): CreditAdjustmentRefusal {
  const changes = requested !== undefined && requested !== current;
  const noted = Boolean(note?.trim());
  if (!changes) return noted ? { status: 400, message: CREDIT_ADJUSTMENT_MESSAGES.noteWithoutChange } : undefined;
  if (!canAdjustCreditByHand(roles)) return { status: 403, message: CREDIT_ADJUSTMENT_MESSAGES.adminOnly };
  return noted ? undefined : { status: 400, message: CREDIT_ADJUSTMENT_MESSAGES.noteRequired };
}

export const CREDIT_TERMS_ADMIN_ONLY = "Only an administrator can change a customer's credit limit or payment terms";

/**
 * Why a body's change of the credit limit or the payment terms is refused (issue 23): they decide which orders go
 * on credit hold, so only an ADMIN changes them; a body repeating the stored values is accepted from anyone.
 */
export function creditTermsRefusal(
  current: { creditLimitCents?: Cents | undefined; paymentTermsDays: number },
  requested: { creditLimitCents?: Cents | null | undefined; paymentTermsDays?: number | undefined },
  roles: readonly string[],
): string | undefined {
  const limitChanges =
    requested.creditLimitCents !== undefined && (requested.creditLimitCents ?? undefined) !== current.creditLimitCents;
  const termsChanges =
    requested.paymentTermsDays !== undefined && requested.paymentTermsDays !== current.paymentTermsDays;
  if (!limitChanges && !termsChanges) return undefined;
  return canAdjustCreditByHand(roles) ? undefined : CREDIT_TERMS_ADMIN_ONLY;
}
