import type { QueryClient } from '@tanstack/react-query';
import type { RouteId } from '@bo/shared';
import { prefetchCall, type ApiInput } from './client';
import { apiQueryKey } from './hooks';

/** One GET a screen will make, named as `useApiQuery` names it. */
export type ApiCall = { [K in RouteId]: [routeId: K, input: ApiInput<K>] }[RouteId];

const ahead = ([routeId, input]: ApiCall) => ({
  queryKey: apiQueryKey(routeId, input as ApiInput<typeof routeId>),
  queryFn: () => (prefetchCall as (id: RouteId, input: unknown) => Promise<unknown>)(routeId, input),
});

/** Asks for a GET ahead of the screen that shows it; the screen's `useApiQuery` of the same call shares it. */
export const prefetchApi = (queryClient: QueryClient, call: ApiCall): Promise<void> =>
  queryClient.prefetchQuery(ahead(call));

/** `prefetchApi` that also hands back the answer (for the calls made from it); rejects when the call fails. */
export const fetchApi = (queryClient: QueryClient, call: ApiCall): Promise<unknown> =>
  queryClient.fetchQuery(ahead(call));
