import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Without vitest globals, Testing Library cannot flag the act() environment itself.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Pages and dialogs load lazily (React.lazy): the first visit of each in a run transforms its module.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000, hookTimeout: 60_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// React warns of a list child without a key only in development builds, which the browser tests (on the
// production build) never run: here a test that draws one fails.
const keyWarnings: string[] = [];
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('unique "key" prop')) keyWarnings.push(args.slice(1).join(''));
  consoleError(...args);
};
afterEach(() => {
  const found = keyWarnings.splice(0);
  if (found.length > 0) throw new Error(`React warned of a list child without a key:${found.join(' /')}`);
});

// A Flashbar item entering starts a 115 ms timer (Cloudscape's TIMEOUT_FOR_ENTERING_ANIMATION) that sets state
// when it fires. If a file ends inside that window, the timer fires after jsdom is gone and React throws
// "window is not defined" as an unhandled error that fails the whole run. Let such timers run out first.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 250)));
