import * as z from '../zod';
import { dollars } from './common';

/** Apart from `payments.ts`, so a body that takes dollars (deliveries' collect) bundles without the payments schemas. */

/** Dollars typed as text ('125.5', ' .75 ', '' for 0), held to the same bounds as a number. */
const typedDollars = z.pipe(
  z.pipe(
    z
      .string()
      .check(
        z.maxLength(32, 'Must be a number of dollars'),
        z.regex(/^\s*(\d+(\.\d*)?|\.\d+)?\s*$/, 'Must be a number of dollars'),
      ),
    z.transform((s: string) => Number(s.trim() || 0)),
  ),
  dollars,
);

/**
 * A dollar amount as a client sends it: a number, a decimal string (as typed) or null for none, which is 0
 * (the rules then answer 'Please enter a payment amount' where it matters). Each option carries its own
 * bounds, so every number or string a body can hold is bounded on its own (`request-bounds.test.ts`).
 */
export const paymentDollars = z.pipe(
  z.union([dollars, typedDollars, z.null()], { error: 'Must be a number of dollars' }),
  z.transform((v: number | null) => v ?? 0),
);
