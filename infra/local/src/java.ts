import { spawnSync } from 'node:child_process';

export const JAVA_MISSING =
  'DynamoDB Local needs Java 17 or newer: install it (Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless) and run again.';

/** The major version of `java` on the PATH, or undefined when there is none. */
export function javaMajorVersion(): number | undefined {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return undefined;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return undefined;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}
