import type { Role, UserStatus } from '@bo/shared';
import { defineEntity } from '../core';

/** A user profile as stored, mirroring a Cognito user (id = Cognito `sub`). */
export interface UserItem {
  id: string;
  /** The Cognito username (stays inside the back end). */
  username: string;
  name: string;
  email: string;
  role: Role[];
  title?: string;
  avatar?: string;
  userBrands?: string[];
  userCustomers?: string[];
  /** Absent on profiles written before users could be disabled: ACTIVE. */
  status?: UserStatus;
  /**
   * Sessions signed in before this time (epoch seconds, a token's `auth_time`) are refused: set when an admin
   * disables the user or resets their password, so a token issued before that cannot come back after it.
   */
  sessionsValidAfter?: number;
  createdAt: string;
  modifiedOn: string;
}

/**
 * Access patterns:
 * - primary: one profile — Get by id.
 * - all (gsi1): every profile in one partition, for the Users page and the drivers list (staff counts stay small).
 */
export const userEntity = defineEntity<UserItem>()({
  entity: 'user',
  version: '1',
  primary: { pk: ['id'], sk: [] },
  indexes: { all: { index: 'gsi1', pk: [], sk: ['id'] } },
});
