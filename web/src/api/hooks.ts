import {
  QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { RouteId } from '@bo/shared';
import { apiCall, isApiError, type ApiError, type ApiInput, type ApiResponse } from './client';

/**
 * Query keys: `['api', routeId, { params, query }]`. Invalidating `['api', routeId]` refreshes every
 * cached call of a route; adding the params narrows it to one record.
 */
export const apiQueryKey = <K extends RouteId>(routeId: K, input?: ApiInput<K>): QueryKey => {
  const parts: Record<string, unknown> = {};
  if (input?.params) parts.params = input.params;
  if (input?.query) parts.query = input.query;
  return Object.keys(parts).length ? ['api', routeId, parts] : ['api', routeId];
};

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (failures, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 2,
      },
      mutations: { retry: false },
    },
  });

type QueryOptions<K extends RouteId, TData> = Omit<
  UseQueryOptions<ApiResponse<K>, ApiError, TData>,
  'queryKey' | 'queryFn'
>;

/** A GET route through TanStack Query. */
export function useApiQuery<K extends RouteId, TData = ApiResponse<K>>(
  routeId: K,
  input: ApiInput<K>,
  options?: QueryOptions<K, TData>,
) {
  return useQuery<ApiResponse<K>, ApiError, TData>({
    queryKey: apiQueryKey(routeId, input),
    queryFn: () => (apiCall as (id: K, input: ApiInput<K>) => Promise<ApiResponse<K>>)(routeId, input),
    ...options,
  });
}

type MutationOptions<K extends RouteId> = Omit<
  UseMutationOptions<ApiResponse<K>, ApiError, ApiInput<K>>,
  'mutationFn'
> & {
  /** Routes whose cached answers are stale once this call succeeds. */
  invalidates?: RouteId[];
};

/** A writing route; `invalidates` lists the routes to refetch after success. */
export function useApiMutation<K extends RouteId>(routeId: K, options: MutationOptions<K> = {}) {
  const queryClient = useQueryClient();
  const { invalidates = [], onSuccess, ...rest } = options;
  return useMutation<ApiResponse<K>, ApiError, ApiInput<K>>({
    mutationFn: (input) => (apiCall as (id: K, input: ApiInput<K>) => Promise<ApiResponse<K>>)(routeId, input),
    ...rest,
    onSuccess: async (...args) => {
      await invalidateRoutes(queryClient, invalidates);
      await onSuccess?.(...args);
    },
  });
}

/** Marks every cached answer of these routes stale (refetching the ones on screen). */
export const invalidateRoutes = (queryClient: QueryClient, routeIds: readonly RouteId[]): Promise<void> =>
  Promise.all(routeIds.map((id) => queryClient.invalidateQueries({ queryKey: ['api', id] }))).then(() => undefined);

/** Marks one cached call stale, e.g. one user by id. */
export const invalidateCall = <K extends RouteId>(
  queryClient: QueryClient,
  routeId: K,
  input: ApiInput<K>,
): Promise<void> => queryClient.invalidateQueries({ queryKey: apiQueryKey(routeId, input) });
