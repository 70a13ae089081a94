import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportsBench } from '../reports';
import { STORE } from '../reports/config';
import { startStackProcess } from '../stack-process';
import { summary, useStack, idToken } from './harness';

/**
 * A keep-alive socket the gateway closed (its idle timeout) just as fetch reused it: the request never reached a
 * handler, so it is sent once more on a new socket. Anything else, and a second failure, is the bench's error.
 */
const resetBeforeAnswer = (error: unknown) =>
  error instanceof TypeError &&
  ['ECONNRESET', 'UND_ERR_SOCKET'].includes((error.cause as { code?: string } | undefined)?.code ?? '');

/**
 * Reports at the scale (100,000 orders of 10 lines, 1,000,000 stock movements): the
 * seed, the rebuild, every report beside its floors, the dispatcher's throughput, a second rebuild and its purge.
 * The stack purges a generation a rebuild replaced at once (REPORT_PURGE_SETTLE_SECONDS=0), so the purge is timed.
 */
export async function reportsSection() {
  const dir = mkdtempSync(join(STORE === 'tmpfs' ? '/dev/shm' : tmpdir(), 'bo-bench-reports-'));
  process.env.REPORT_PURGE_SETTLE_SECONDS = '0';
  // Anything but `memory`: DynamoDB Local's SQLite file, as `npm start` writes it, in `dir` (see STORE).
  const stack = await startStackProcess(dir, ['--api-only'], { persistent: STORE !== 'memory' });
  delete process.env.REPORT_PURGE_SETTLE_SECONDS;
  useStack(stack.info);
  console.log(`reports stack ready in ${stack.ms} ms`);
  const userOf = (role: string) => stack.info.users.find((u) => u.roles.length === 1 && u.roles[0] === role)!;
  try {
    const tokenOf = (role: string) => idToken(stack.info, userOf(role).email, userOf(role).password);
    // Tokens expire in an hour: each request signs in again when its token is older than 30 minutes.
    const tokens = { admin: await tokenOf('ADMIN'), sales: await tokenOf('SALES'), at: Date.now() };
    const fresh = async (role: 'ADMIN' | 'SALES') => {
      if (Date.now() - tokens.at > 1_800_000)
        Object.assign(tokens, { admin: await tokenOf('ADMIN'), sales: await tokenOf('SALES'), at: Date.now() });
      return role === 'SALES' ? tokens.sales : tokens.admin;
    };
    const salesId = (
      JSON.parse(Buffer.from(tokens.sales.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }
    ).sub;
    const request = async <T>(method: string, path: string, body?: unknown, role: 'ADMIN' | 'SALES' = 'ADMIN') => {
      const send = async () =>
        fetch(`${stack.info.apiUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${await fresh(role)}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
      const response = await send().catch((error: unknown) =>
        resetBeforeAnswer(error) ? send() : Promise.reject(error),
      );
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
      return { status: response.status, body: JSON.parse(text) as T };
    };
    return {
      reportsScale: await reportsBench({
        request,
        salesId,
        summary: (l) => summary(l),
        stack: { pid: stack.pid!, dir, info: stack.info },
      }),
    };
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
