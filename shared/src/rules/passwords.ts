import type { Role } from '../roles';

/**
 * The one password rule: the user pool's policy (infra's Cognito construct is built from PASSWORD_POLICY), which
 * the API checks before calling Cognito and the web shows before sending. It wins over the spec's "at least 4
 * characters" UI rule: Cognito accepts nothing under 6, and 8 is the least NIST SP 800-63B allows. No character
 * classes (NIST advises against composition rules); Cognito refuses spaces at either end.
 */
export const PASSWORD_POLICY = { minLength: 8, maxLength: 256 } as const;

export const PASSWORD_POLICY_MESSAGE = `A password needs at least ${PASSWORD_POLICY.minLength} characters and no space at either end`;

/** Why this password breaks the policy (undefined: it follows it). */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_POLICY.minLength || password.trim() !== password) return PASSWORD_POLICY_MESSAGE;
  if (password.length > PASSWORD_POLICY.maxLength)
    return `A password has at most ${PASSWORD_POLICY.maxLength} characters`;
  return undefined;
}

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change it';
export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct';
export const OTHERS_PASSWORD_REFUSAL = 'You can only change your own password';

/**
 * Who changes a password, and how: anyone their own, proving it with the current one (a stolen session alone
 * cannot lock its owner out); an ADMIN someone else's without it (a reset: the admin cannot know it).
 */
export function passwordChangeOf(
  actor: { userId: string; roles: readonly Role[]; isAdmin?: boolean },
  targetId: string,
): { ok: true; needsCurrent: boolean } | { ok: false; reason: string } {
  if (actor.userId === targetId) return { ok: true, needsCurrent: true };
  if (actor.isAdmin || actor.roles.includes('ADMIN')) return { ok: true, needsCurrent: false };
  return { ok: false, reason: OTHERS_PASSWORD_REFUSAL };
}
