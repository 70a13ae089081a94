/**
 * Creates the first ADMIN of a fresh deployment: the Cognito user (in the ADMIN group) and its profile
 * item, through the same data layer as POST /api/db/users/addNew. Later users are added from the Users
 * screen.
 *
 *   export AWS_REGION=eu-west-1
 *   export TABLE_NAME=... USER_POOL_ID=...      # outputs of the <prefix>-data stack
 *   npx tsx infra/cdk/scripts/create-admin.ts --email you@example.com --name "Your Name"
 *
 * Prints a temporary password; the first sign-in asks for a new one.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createUser, identity } from '@bo/functions/data';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
  },
});
const email = values.email?.trim();
const name = values.name?.trim();
if (!email || !name) {
  console.error('Usage: create-admin.ts --email <email> --name <full name> [--password <temporary password>]');
  process.exit(2);
}
for (const env of ['TABLE_NAME', 'USER_POOL_ID'])
  if (!process.env[env]) {
    console.error(`Set ${env} (see the outputs of the data stack).`);
    process.exit(2);
  }

const temporaryPassword = values.password ?? `${randomBytes(12).toString('base64url')}`;
const { sub, username } = await identity.createIdentity({ email, name, roles: ['ADMIN'], temporaryPassword });
try {
  await createUser(
    { id: sub, username, name, email, role: ['ADMIN'] },
    { userId: 'create-admin-script', roles: ['ADMIN'], isAdmin: true, name: 'create-admin script' },
  );
} catch (error) {
  await identity.deleteIdentity(username);
  throw error;
}
console.log(`Created ADMIN ${email} (id ${sub}). Temporary password: ${temporaryPassword}`);
