import * as z from '../zod';
import { ROLES } from '../roles';
import { webLink } from './links';
import { CURRENT_PASSWORD_REQUIRED, PASSWORD_POLICY_MESSAGE, passwordProblem } from '../rules/passwords';

export const roleSchema = z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` });
export const roleList = z
  .array(roleSchema)
  .check(z.minLength(1, 'Choose at least one role'), z.maxLength(ROLES.length));

const name = z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(120, 'Name is too long'));
const email = z.email('Enter a valid email address').check(z.maxLength(254));
const title = z.string().check(z.trim(), z.maxLength(120, 'Title is too long'));
const avatar = webLink(2048);
const idList = z.array(z.string().check(z.minLength(1), z.maxLength(128))).check(z.maxLength(1000));

/**
 * Whether a user may use the app: a DISABLED user's sign-in is refused by Cognito and their existing tokens by
 * the API (within the caller-state cache's lifetime, at most 60 s). Set only by `users/disable` and `users/enable`.
 */
export const USER_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.array(roleSchema),
  title: z.optional(z.string()),
  avatar: z.optional(z.string()),
  userBrands: z.optional(z.array(z.string())),
  userCustomers: z.optional(z.array(z.string())),
  status: userStatusSchema,
  createdAt: z.string(),
  modifiedOn: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** What every signed-in member may see of a colleague: names and roles only. */
export const userSummarySchema = z.pick(userSchema, { id: true, name: true, role: true, title: true, avatar: true });
export type UserSummary = z.infer<typeof userSummarySchema>;

export const driverSchema = z.object({ id: z.string(), name: z.string() });
export type Driver = z.infer<typeof driverSchema>;

export const updateUserBody = z
  .strictObject({
    name: z.optional(name),
    email: z.optional(email),
    role: z.optional(roleList),
    title: z.optional(title),
    avatar: z.optional(avatar),
    userBrands: z.optional(idList),
    userCustomers: z.optional(idList),
  })
  .check(z.refine((b) => Object.keys(b).length > 0, 'Nothing to update'));
export type UpdateUserBody = z.infer<typeof updateUserBody>;

/** `password` (spec section 7) follows the pool's policy; `currentPassword` is asked when it is one's own. */
export const updatePasswordBody = z.strictObject({
  password: z.string().check(
    z.refine((p) => passwordProblem(p) === undefined, {
      error: (issue) => passwordProblem(issue.input as string) ?? PASSWORD_POLICY_MESSAGE,
    }),
  ),
  currentPassword: z.optional(z.string().check(z.minLength(1, CURRENT_PASSWORD_REQUIRED), z.maxLength(256))),
});

export const addUserBody = z.strictObject({
  name,
  email,
  role: roleList,
  title: z.optional(title),
  temporaryPassword: z.optional(
    z.string().check(z.minLength(8, 'Temporary password must be at least 8 characters'), z.maxLength(256)),
  ),
});
export type AddUserBody = z.infer<typeof addUserBody>;
