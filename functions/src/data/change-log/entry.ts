import { randomUUID } from 'node:crypto';
import type { ChangeLogEntry, FieldChange } from '@bo/shared';
import type { Actor } from '../../domain';
import type { Transaction } from '../core';
import { type ChangeLogItem, changeLogEntity } from './entity';

export interface ChangeInput {
  caller: Pick<Actor, 'userId' | 'name' | 'via'>;
  entityType: string;
  entityId: string;
  action: ChangeLogEntry['action'];
  changes: FieldChange[];
  notes?: string;
  at?: string;
}

/** The change-log item of a mutation. */
export const changeEntry = ({
  caller,
  entityType,
  entityId,
  action,
  changes,
  notes,
  at,
}: ChangeInput): ChangeLogItem => ({
  id: randomUUID(),
  entityType,
  entityId,
  action,
  userId: caller.userId,
  ...(caller.name ? { userName: caller.name } : {}),
  createdAt: at ?? new Date().toISOString(),
  ...(notes || caller.via ? { notes: [caller.via, notes].filter(Boolean).join(': ') } : {}),
  changes,
});

/** Adds the mutation's change-log entry to its transaction (named 'change log'). */
export const logChange = (tx: Transaction, input: ChangeInput, name = 'change log'): Transaction =>
  tx.put(name, changeLogEntity, changeEntry(input));
