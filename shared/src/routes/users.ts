import * as z from '../zod';
import { idParam } from '../schemas/common';
import {
  addUserBody,
  driverSchema,
  updatePasswordBody,
  updateUserBody,
  userSchema,
  userSummarySchema,
} from '../schemas/users';
import { route } from './route';

export const usersGetByIdRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/users/getById/{id}',
  handler: 'users/getById',
  roles: 'ALL',
  summary: 'A user profile: full for ADMIN or oneself, names and roles for others.',
  params: idParam,
  response: z.union([userSchema, userSummarySchema]),
});

export const usersGetAllRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/users/getAll',
  handler: 'users/getAll',
  roles: 'ALL',
  summary: 'Every user: full profiles for ADMIN, names and roles for others.',
  response: z.object({ res: z.array(z.union([userSchema, userSummarySchema])) }),
});

export const usersGetDriversRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/users/getDrivers',
  handler: 'users/getDrivers',
  roles: 'ALL',
  summary: 'Users with the DRIVER role, for delivery assignment.',
  response: z.array(driverSchema),
});

export const usersAddNewRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/users/addNew',
  handler: 'users/addNew',
  grants: { userPool: true },
  roles: ['ADMIN'],
  summary: 'Creates a Cognito user with a temporary password and its profile.',
  body: addUserBody,
  response: z.object({ user: userSchema, temporaryPassword: z.string() }),
});

export const usersUpdateRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/users/update/{id}',
  handler: 'users/update',
  grants: { userPool: true },
  roles: 'ALL',
  summary: 'Updates name, email, role, title, avatar (roles and others: ADMIN only).',
  params: idParam,
  body: updateUserBody,
  response: userSchema,
});

export const usersUpdatePasswordRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/users/updatePassword/{id}',
  handler: 'users/updatePassword',
  grants: { userPool: true },
  roles: 'ALL',
  summary: "Sets a user's password (oneself, or anyone for ADMIN).",
  params: idParam,
  body: updatePasswordBody,
  response: z.object({ ok: z.literal(true) }),
});

export const usersRemoveRoute = /* @__PURE__ */ route({
  method: 'DELETE',
  path: '/api/db/users/remove/{id}',
  handler: 'users/remove',
  grants: { userPool: true },
  roles: ['ADMIN'],
  summary: 'Deletes the Cognito user and its profile.',
  params: idParam,
  response: z.object({ ok: z.literal(true) }),
});

export const usersDisableRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/users/disable/{id}',
  handler: 'users/disable',
  grants: { userPool: true },
  roles: ['ADMIN'],
  summary:
    'Disables a user (not oneself): Cognito refuses their sign-in, their sessions are signed out, the API refuses their tokens.',
  params: idParam,
  response: userSchema,
});

export const usersEnableRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/users/enable/{id}',
  handler: 'users/enable',
  grants: { userPool: true },
  roles: ['ADMIN'],
  summary: 'Enables a disabled user again: they sign in anew.',
  params: idParam,
  response: userSchema,
});

/** Profile routes. Non-admins may read everyone's summary and edit only themselves (checked in the handlers). */
export const userRoutes = {
  'users.getById': usersGetByIdRoute,
  'users.getAll': usersGetAllRoute,
  'users.getDrivers': usersGetDriversRoute,
  'users.addNew': usersAddNewRoute,
  'users.update': usersUpdateRoute,
  'users.updatePassword': usersUpdatePasswordRoute,
  'users.remove': usersRemoveRoute,
  'users.disable': usersDisableRoute,
  'users.enable': usersEnableRoute,
};
