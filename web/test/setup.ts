import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Without vitest globals, Testing Library cannot flag the act() environment itself.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Pages and dialogs load lazily (React.lazy): the first visit of each in a run transforms its module.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000, hookTimeout: 60_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
