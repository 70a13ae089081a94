/**
 * Who may move a customer to another account owner (issue 23): an ADMIN only. The owner decides whose
 * commission the customer's orders earn, so a rep may not take a customer for themself. Setting the owner of a
 * new customer stays open to the roles that add customers; the move is in the change log like every field.
 */
export const canChangeAccountOwner = (roles: readonly string[]): boolean => roles.includes('ADMIN');

export const ACCOUNT_OWNER_MESSAGES = {
  adminOnly: "Only an administrator can change a customer's account owner",
} as const;

/** Why an update's `accountOwnerID` is refused, or undefined: it moves the owner and the caller is not ADMIN. */
export function accountOwnerChangeRefusal(
  current: string | undefined,
  requested: string | undefined,
  roles: readonly string[],
): string | undefined {
  if (requested === undefined || (requested || undefined) === (current || undefined)) return undefined;
  return canChangeAccountOwner(roles) ? undefined : ACCOUNT_OWNER_MESSAGES.adminOnly;
}
