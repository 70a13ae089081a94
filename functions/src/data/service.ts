import { Service } from 'electrodb';
import { config } from '../config';
import { dynamoClient } from './client';
import { changeLogEntity } from './entities/change-log';
import { userEntity } from './entities/user';

const build = (table: string) =>
  new Service({ user: userEntity, changeLog: changeLogEntity }, { table, client: dynamoClient() });

let current: { table: string; client: unknown; service: ReturnType<typeof build> } | undefined;

/** The ElectroDB service over the table named by TABLE_NAME (rebuilt if the table or client changes, as tests do). */
export const db = () => {
  const table = config.tableName;
  const client = dynamoClient();
  if (current?.table !== table || current.client !== client) current = { table, client, service: build(table) };
  return current.service;
};

export type Db = ReturnType<typeof build>;
