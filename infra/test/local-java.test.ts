import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JAVA_MISSING } from '../local/src/java';
import { fromRoot } from '../local/src/paths';

describe('npm start without Java', () => {
  it('stops at once with one line saying how to install it', () => {
    const bin = mkdtempSync(join(tmpdir(), 'bo-nojava-'));
    symlinkSync(process.execPath, join(bin, 'node'));
    try {
      const result = spawnSync(
        process.execPath,
        [fromRoot('node_modules/tsx/dist/cli.mjs'), fromRoot('infra/local/src/start.ts'), '--dir', join(bin, 'stack')],
        { env: { PATH: bin, HOME: process.env.HOME ?? bin }, encoding: 'utf8', timeout: 60_000 },
      );
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toBe(JAVA_MISSING);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });
});
