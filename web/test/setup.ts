import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import * as React from 'react';
import { afterAll, afterEach, vi } from 'vitest';

// Without vitest globals, Testing Library cannot flag the act() environment itself.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Pages and dialogs load lazily (React.lazy): the first visit of each in a run transforms its module.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000, hookTimeout: 60_000 });

// Cloudscape's development build asks `document.querySelector('.awsui-one-theme')` on every render of most
// components (a check for a theme switched after the first render). In jsdom a class selector that matches
// nothing walks the whole document through the generic selector engine: in the heaviest files about a twelfth
// of the CPU. A lone class selector means exactly what getElementsByClassName gives (the first element in tree
// order that has the class, quirks mode included), which jsdom answers from a cached list several times faster,
// so querySelector takes that path for it; every other selector goes to jsdom as before.
const LONE_CLASS = /^\.(-?[_a-zA-Z][_a-zA-Z0-9-]*)$/;
const FAST_CLASS = Symbol.for('bo.web-test.fast-class-query');
type Queryable = Pick<Document, 'querySelector' | 'getElementsByClassName'> & { [FAST_CLASS]?: true };
for (const proto of [Document.prototype, Element.prototype] as unknown as Queryable[]) {
  if (proto[FAST_CLASS]) continue;
  const querySelector = proto.querySelector;
  proto.querySelector = function (this: Queryable, selectors: string) {
    const className = typeof selectors === 'string' ? LONE_CLASS.exec(selectors)?.[1] : undefined;
    return className ? (this.getElementsByClassName(className)[0] ?? null) : querySelector.call(this, selectors);
  } as typeof querySelector;
  proto[FAST_CLASS] = true;
}

// React's development build captures an Error (a stack of 10 frames) for every element it creates, up to 10,000 a
// second, to show the owner's stack in its warnings. Rendering Cloudscape pages, that was a ninth of the web tests'
// CPU. Warnings still fire, with their component stack; only the creating frame is left out of them.
const reactInternals = (React as unknown as Record<string, { recentlyCreatedOwnerStacks?: number } | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals && !Object.getOwnPropertyDescriptor(reactInternals, 'recentlyCreatedOwnerStacks')?.get) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { get: () => 1e4, set: () => {} });
}

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
