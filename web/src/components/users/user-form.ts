import {
  changedUserFields,
  updateUserBody,
  type Role,
  type UpdateUserBody,
  type User,
  type UserSummary,
} from '@bo/shared';

/** `users.getAll`/`getById` return full profiles to ADMIN (and for oneself), summaries otherwise. */
export const isFullUser = (user: User | UserSummary): user is User => 'email' in user && 'createdAt' in user;

/** What the profile forms edit; text fields are never undefined while editing. */
export interface UserFormValues {
  name: string;
  email: string;
  title: string;
  avatar: string;
  role: Role[];
  userBrands?: string[];
  userCustomers?: string[];
}

export type UserFormField = keyof UserFormValues;

export const formFromUser = (user: User): UserFormValues => ({
  name: user.name,
  email: user.email,
  title: user.title ?? '',
  avatar: user.avatar ?? '',
  role: [...user.role],
  ...(user.userBrands ? { userBrands: [...user.userBrands] } : {}),
  ...(user.userCustomers ? { userCustomers: [...user.userCustomers] } : {}),
});

export interface EditScope {
  /** Only ADMIN changes roles (and assignments). */
  roles: boolean;
  assignments: boolean;
}

/** The update body of a form (trimmed), limited to what the editor may change, and only what differs from `user`. */
export function userChanges(user: User, values: UserFormValues, scope: EditScope): UpdateUserBody {
  const edited: UpdateUserBody = {
    name: values.name.trim(),
    email: values.email.trim(),
    title: values.title.trim(),
    avatar: values.avatar.trim(),
    ...(scope.roles ? { role: values.role } : {}),
    ...(scope.assignments && values.userBrands ? { userBrands: values.userBrands } : {}),
    ...(scope.assignments && values.userCustomers ? { userCustomers: values.userCustomers } : {}),
  };
  return changedUserFields(user, edited);
}

/** Field messages from the shared schema for a body about to be sent (empty when valid). */
export function validateUserChanges(changes: UpdateUserBody): Partial<Record<UserFormField, string>> {
  const result = updateUserBody.safeParse(changes);
  if (result.success) return {};
  const errors: Partial<Record<UserFormField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field as UserFormField] = issue.message;
  }
  return errors;
}
