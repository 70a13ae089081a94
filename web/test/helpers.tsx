import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { expect, vi } from 'vitest';
import { ROLES, type Role, type User } from '@bo/shared';
import { configureApiClient } from '../src/api/client';
import { App } from '../src/app/App';
import AppShell from '../src/app/AppShell';
import { appRoutes } from '../src/app/routes';
import type { AuthBackend } from '../src/auth/amplify';
import type { Session } from '../src/auth/session';

export const TOKEN = 'test-id-token';

export const makeSession = (overrides: Partial<Session> = {}): Session => ({
  userId: 'u-self',
  email: 'me@example.com',
  name: 'Morgan Self',
  roles: ['SALES'],
  idToken: TOKEN,
  ...overrides,
});

export const makeUser = (overrides: Partial<User> = {}): User => ({
  id: 'u-self',
  name: 'Morgan Self',
  email: 'me@example.com',
  role: ['SALES'],
  title: 'Account manager',
  avatar: '',
  status: 'ACTIVE',
  createdAt: '2025-01-02T03:04:05.000Z',
  modifiedOn: '2025-01-02T03:04:05.000Z',
  ...overrides,
});

export const ALL_ROLES: Role[] = [...ROLES];

/** An auth backend that is already signed in as `session` (or signed out when null). */
export function fakeBackend(session: Session | null): AuthBackend {
  return {
    currentSession: vi.fn(async () => session),
    getIdToken: vi.fn(async () => session?.idToken),
    signIn: vi.fn(async () => ({ step: 'DONE' as const })),
    completeNewPassword: vi.fn(async () => ({ step: 'DONE' as const })),
    signOut: vi.fn(async () => undefined),
    onChange: () => () => undefined,
  };
}

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

type Reply = { status?: number; body?: unknown } | ((call: RecordedCall) => { status?: number; body?: unknown });

export interface FakeApi {
  calls: RecordedCall[];
  /** Answers `METHOD /path` (exact path, no query) with a reply; later definitions win. */
  on(method: string, path: string, reply: Reply): FakeApi;
  callsTo(method: string, path: string): RecordedCall[];
}

/**
 * Stubs `fetch` (what the API client calls) with canned answers per method and path.
 * Unknown requests answer 404 with a JSON message, like the API.
 */
export function fakeApi(): FakeApi {
  const routes: Array<{ method: string; path: string; reply: Reply }> = [];
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: RecordedCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: { ...(init.headers as Record<string, string>) },
    };
    calls.push(call);
    const match = [...routes].reverse().find((r) => r.method === call.method && r.path === call.path);
    const reply = match ? (typeof match.reply === 'function' ? match.reply(call) : match.reply) : undefined;
    const status = reply?.status ?? (match ? 200 : 404);
    const body = reply ? reply.body : { message: `No fake for ${call.method} ${call.path}` };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  const api: FakeApi = {
    calls,
    on(method, path, reply) {
      routes.push({ method, path, reply });
      return api;
    },
    callsTo: (method, path) => calls.filter((c) => c.method === method && c.path === path),
  };
  return api;
}

export interface HeldRequest {
  /** Resolves once the request has been made (and is being held) and the other answers have been handled. */
  untilAsked: () => Promise<void>;
  /** Lets the held request through to the fake's answer. */
  release: () => void;
  /** Whether the request has been made yet. */
  asked: () => boolean;
}

/**
 * Holds back the answer to requests whose address contains `pathPart` until `release`, on top of the `fakeApi`
 * stubbed before it: a test can look at the page while one answer is outstanding and the others are in.
 */
export function holdRequests(pathPart: string): HeldRequest {
  const answer = globalThis.fetch;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).includes(pathPart)) {
      asked = true;
      await held;
    }
    return answer(input, init);
  });
  const untilAsked = async () => {
    await vi.waitFor(() => expect(asked).toBe(true));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  };
  return { untilAsked, release: () => act(() => release()), asked: () => asked };
}

export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 }, mutations: { retry: false } } });

/** The whole app, signed in as `session`, at `path` (`firstScreenBy`: hold a reload's first screen, as main.tsx). */
export function renderApp(
  path: string,
  session: Session | null = makeSession(),
  { firstScreenBy }: { firstScreenBy?: number } = {},
) {
  configureApiClient({ getIdToken: async () => session?.idToken });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  // As the app's own client keeps answers fresh (30 s), so what a reload prefetched is not asked again on mount.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const backend = fakeBackend(session);
  const result = render(
    <App backend={backend} queryClient={queryClient} router={router} firstScreenBy={firstScreenBy} />,
  );
  return { ...result, router, queryClient, backend };
}

/** The app shell around one page (`harness`: buttons opening dialogs by name), signed in as `session`. */
export function renderInShell(harness: ReactNode, session: Session) {
  configureApiClient({ getIdToken: async () => session.idToken });
  const router = createMemoryRouter([{ element: <AppShell />, children: [{ index: true, element: harness }] }], {
    initialEntries: ['/'],
  });
  const queryClient = testQueryClient();
  return { ...render(<App backend={fakeBackend(session)} queryClient={queryClient} router={router} />), queryClient };
}

/** A component that needs only server state. */
export function renderWithQuery(ui: ReactNode) {
  configureApiClient({ getIdToken: async () => TOKEN });
  const queryClient = testQueryClient();
  return { ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>), queryClient };
}

/**
 * Loads the lazily imported pages and dialogs up front (call in `beforeAll`), so a test does not
 * wait for the first transform of a chunk inside its own timeout.
 */
export async function preloadLazyModules(): Promise<void> {
  await Promise.all([
    import('../src/app/AppShell'),
    import('../src/pages/home/HomePage'),
    import('../src/pages/users/UsersPage'),
    import('../src/pages/users/AddUserModal'),
    import('../src/pages/users/EditUserModal'),
    import('../src/pages/profile/ProfilePage'),
    import('../src/components/ConfirmationModal'),
    import('../src/auth/SignInPage'),
  ]);
}
