import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUser, queryRaw, userEntity } from '@bo/functions/data';
import { startStackProcess } from '../stack-process';
import { USERS, SECONDS, CONNECTIONS, measure, useStack, idToken, apiLoad } from './harness';

export async function platform() {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-'));
  const cold = await startStackProcess(dir, ['--api-only'], { persistent: true });
  await cold.stop();
  const stack = await startStackProcess(dir, ['--api-only'], { persistent: true });
  console.log(`stack start: cold ${cold.ms} ms, warm ${stack.ms} ms`);
  useStack(stack.info);
  const system = { userId: 'bench', roles: ['ADMIN' as const], isAdmin: true };
  for (let i = 0; i < USERS; i += 25)
    await Promise.all(
      Array.from({ length: Math.min(25, USERS - i) }, (_, j) =>
        createUser(
          {
            id: `bench-${i + j}`,
            username: `bench-${i + j}`,
            name: `Bench User ${i + j}`,
            email: `bench${i + j}@example.com`,
            role: ['SALES'],
          },
          system,
        ),
      ),
    );
  const admin = stack.info.users[0]!;
  const token = await idToken(stack.info, admin.email, admin.password);
  const bare = await measure(SECONDS, CONNECTIONS, async () => {
    // The one Query (all pages) the route needs, without mapping the items.
    await queryRaw(userEntity.keyCondition('all', {}));
  });
  const api = await apiLoad(`${stack.info.apiUrl}/db/users/getAll`, token);
  console.log('users/getAll', { api, bare });
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
  return {
    localStack: {
      coldStartMs: cold.ms,
      warmStartMs: stack.ms,
      budgetMs: 60_000,
      note: 'cold includes creating everything and seeding the demo users and catalogue',
    },
    usersGetAll: { users: USERS, connections: CONNECTIONS, seconds: SECONDS, api, bareDynamoQuery: bare },
  };
}
