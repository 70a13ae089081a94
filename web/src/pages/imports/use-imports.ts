import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isImportWorking, type ImportJob, type ImportKind, type ImportRow, type RouteId } from '@bo/shared';
import { apiCall, ApiError } from '../../api/client';
import { apiQueryKey, invalidateRoutes, useApiMutation, useApiQuery } from '../../api/hooks';
import { IMPORTS_TEXT, POLL_MS, ROWS_PAGE_LIMIT } from './imports-config';

/** The import routes through TanStack Query: one import polled while its job works, its whole dry run, upload, commit. */

/** The status query's input: no rows, only the job's state. */
const statusInput = (id: string) => ({ params: { id }, query: { limit: 0 } });

/** States worth asking about again: the job works, or the file is on its way. */
const polls = (job: ImportJob | undefined): boolean =>
  !!job && (isImportWorking(job.status) || job.status === 'UPLOADING');

/** Routes whose lists show what an import of each kind writes. */
const WRITES: Readonly<Record<ImportKind, RouteId[]>> = {
  brands: ['brands.getAll', 'brands.getBrandsWithProductCount', 'brands.getByID'],
  productTypes: ['products.getProductTypes', 'products.getProductTypesWithProductCount'],
  products: ['products.getAll', 'brands.getBrandsWithProductCount', 'products.getProductTypesWithProductCount'],
  customers: ['customers.getAll', 'customers.getByID'],
  customPrices: ['customers.getCustomPricing'],
};

/** One import without rows, asked again every second while its job works (reading or committing). */
export function useImportStatus(id: string) {
  const queryClient = useQueryClient();
  const query = useApiQuery('imports.getById', statusInput(id), {
    refetchInterval: (q) => (polls(q.state.data) ? POLL_MS : false),
    staleTime: 0,
  });
  // Once a commit is seen to finish here, the lists it wrote to are stale; a dry run made or refused changes the list.
  const status = query.data?.status;
  const kind = query.data?.kind;
  const before = useRef(status);
  useEffect(() => {
    const previous = before.current;
    before.current = status;
    if (!status || !kind || previous === undefined || previous === status) return;
    if (status === 'DONE') void invalidateRoutes(queryClient, [...WRITES[kind], 'imports.getAll']);
    else if (status === 'PLANNED' || status === 'FAILED') void invalidateRoutes(queryClient, ['imports.getAll']);
  }, [status, kind, queryClient]);
  return query;
}

/** Every row of a dry run, page after page (5,000 a page); a dry run never changes, so it is read once. */
export function useImportRows(id: string, enabled: boolean) {
  return useQuery<ImportRow[], ApiError>({
    queryKey: [...apiQueryKey('imports.getById', { params: { id }, query: { limit: ROWS_PAGE_LIMIT } }), 'all'],
    enabled,
    staleTime: Infinity,
    queryFn: async () => {
      const rows: ImportRow[] = [];
      let cursor: number | undefined;
      do {
        const page = await apiCall('imports.getById', {
          params: { id },
          query: cursor === undefined ? { limit: ROWS_PAGE_LIMIT } : { limit: ROWS_PAGE_LIMIT, cursor },
        });
        rows.push(...(page.rows ?? []));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      return rows;
    },
  });
}

/** Sends the file where `imports/new` said, with exactly its headers. */
async function putFile(uploadUrl: string, headers: Record<string, string>, file: File): Promise<void> {
  let response: Response;
  try {
    response = await fetch(uploadUrl, { method: 'PUT', headers, body: file });
  } catch {
    throw new ApiError(0, IMPORTS_TEXT.uploadFailed);
  }
  if (!response.ok) throw new ApiError(response.status, IMPORTS_TEXT.uploadFailed);
}

/** Starts an import: `new`, the file PUT, then `dryRun`; answers the import (reading by then). */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation<ImportJob, ApiError, { kind: ImportKind; file: File }>({
    mutationFn: async ({ kind, file }) => {
      const started = await apiCall('imports.new', { body: { kind, fileName: file.name, size: file.size } });
      await putFile(started.uploadUrl, started.headers, file);
      return apiCall('imports.dryRun', { params: { id: started.id } });
    },
    onSuccess: async (job) => {
      queryClient.setQueryData(apiQueryKey('imports.getById', statusInput(job.id)), job);
      await invalidateRoutes(queryClient, ['imports.getAll']);
    },
  });
}

/** Commits a dry run; the answer (committing) starts the status query's polling. */
export function useCommitImport(id: string) {
  const queryClient = useQueryClient();
  return useApiMutation('imports.commit', {
    invalidates: ['imports.getAll'],
    onSuccess: (job) => {
      const { rows: _rows, nextCursor: _next, ...status } = job;
      queryClient.setQueryData(apiQueryKey('imports.getById', statusInput(id)), status);
    },
  });
}
