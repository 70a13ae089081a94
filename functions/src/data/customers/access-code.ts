import { randomInt } from 'node:crypto';
import { type Actor, ConflictError } from '../../domain';
import { transaction } from '../core';
import { logChange } from '../change-log';
import { customerEntity } from './entity';
import { customerNotFound } from './records';

/** No 0/O or 1/I/L: read aloud or typed into Telegram without mistakes. */
const ACCESS_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const ACCESS_CODE_LENGTH = 8;

/** A fresh random access code from the system's CSPRNG (crypto.randomInt). */
export const newAccessCode = (): string =>
  Array.from({ length: ACCESS_CODE_LENGTH }, () => ACCESS_CODE_ALPHABET[randomInt(ACCESS_CODE_ALPHABET.length)]).join(
    '',
  );

/**
 * Gives the customer a fresh `tgAccessCode`. The change-log entry records that the code changed but
 * not the code (the log is readable by every role).
 */
export async function generateAccessCode(customerId: string, by: Actor): Promise<string> {
  const accessCode = newAccessCode();
  const now = new Date().toISOString();
  const tx = transaction().update(
    'customer',
    customerEntity,
    { customerId },
    { set: { tgAccessCode: accessCode, modifiedOn: now }, add: { version: 1 } },
  );
  logChange(tx, {
    caller: by,
    entityType: 'customer',
    entityId: customerId,
    action: 'update',
    changes: [{ name: 'Access code', field: 'tgAccessCode', action: 'update' }],
    at: now,
  });
  await tx.commit((failed) =>
    failed.has('customer') ? customerNotFound() : new ConflictError('The customer changed; try again'),
  );
  return accessCode;
}
