import { z } from 'zod';
import { ROLES } from '../roles';

export const roleSchema = z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` });
export const roleList = z.array(roleSchema).min(1, 'Choose at least one role').max(ROLES.length);

const name = z.string().trim().min(1, 'Name is required').max(120, 'Name is too long');
const email = z.email('Enter a valid email address').max(254);
const title = z.string().trim().max(120, 'Title is too long');
const avatar = z.string().trim().max(2048, 'Avatar address is too long');
const idList = z.array(z.string().min(1).max(128)).max(1000);

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.array(roleSchema),
  title: z.string().optional(),
  avatar: z.string().optional(),
  userBrands: z.array(z.string()).optional(),
  userCustomers: z.array(z.string()).optional(),
  createdAt: z.string(),
  modifiedOn: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** What every signed-in member may see of a colleague: names and roles only. */
export const userSummarySchema = userSchema.pick({ id: true, name: true, role: true, title: true, avatar: true });
export type UserSummary = z.infer<typeof userSummarySchema>;

export const driverSchema = z.object({ id: z.string(), name: z.string() });
export type Driver = z.infer<typeof driverSchema>;

export const updateUserBody = z
  .object({
    name: name.optional(),
    email: email.optional(),
    role: roleList.optional(),
    title: title.optional(),
    avatar: avatar.optional(),
    userBrands: idList.optional(),
    userCustomers: idList.optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to update');
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const PASSWORD_MIN_LENGTH = 4;
export const updatePasswordBody = z
  .object({
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(256),
  })
  .strict();

export const addUserBody = z
  .object({
    name,
    email,
    role: roleList,
    title: title.optional(),
    temporaryPassword: z.string().min(8, 'Temporary password must be at least 8 characters').max(256).optional(),
  })
  .strict();
export type AddUserBody = z.infer<typeof addUserBody>;
