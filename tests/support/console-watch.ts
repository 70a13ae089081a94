import type { BrowserContext } from 'playwright-core';

/**
 * What the app said on the console that it should not have: errors, warnings and uncaught exceptions, from every
 * page of every context that `launch()` opens. The browser flows fail a test that leaves any (issue 22). Chromium's
 * own "Failed to load resource" lines are left out: a refused request is the API's answer, which the flows check
 * on screen (some refuse on purpose).
 */
const problems: string[] = [];
const BROWSER_NETWORK_LINE = /^Failed to load resource\b/;

export function watchConsole(context: BrowserContext) {
  context.on('console', (message) => {
    const type = message.type();
    if (type !== 'error' && type !== 'warning') return;
    if (BROWSER_NETWORK_LINE.test(message.text())) return;
    const where = message.location().url;
    problems.push(`console ${type}: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  context.on('weberror', (error) => problems.push(`uncaught: ${error.error().message}`));
}

/** The problems since the last call, which then starts afresh. */
export function takeConsoleProblems(): string[] {
  return problems.splice(0, problems.length);
}

/** A flow that makes the app complain on purpose takes those lines back, so only the unexpected ones fail it. */
export function forgiveConsole(pattern: RegExp): string[] {
  const forgiven = problems.filter((p) => pattern.test(p));
  for (const p of forgiven) problems.splice(problems.indexOf(p), 1);
  return forgiven;
}
