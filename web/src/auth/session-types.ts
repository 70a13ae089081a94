import type { Role } from '@bo/shared';

/** The signed-in user, read from the Cognito ID token. */
export interface Session {
  /** Cognito `sub`: also the user profile's id. */
  userId: string;
  email: string;
  name?: string;
  /** From the `cognito:groups` claim. */
  roles: Role[];
  idToken: string;
}
