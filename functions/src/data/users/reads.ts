import { get, queryAll } from '../core';
import { userEntity } from './entity';
import { type UserRecord, toRecord } from './records';

export async function getUser(id: string): Promise<UserRecord | undefined> {
  const item = await get(userEntity, { id });
  return item ? toRecord(item) : undefined;
}

/** Every profile by name (one Query of the users' GSI partition, all pages). */
export async function listUsers(): Promise<UserRecord[]> {
  const items = await queryAll(userEntity, 'all', {});
  return items.map(toRecord).sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
}
