import { useInfiniteQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ChangeLogEntry, ENTITY_TYPES } from '@bo/shared';
import { apiCall, type ApiError, type ApiResponse } from '../api/client';
import { apiQueryKey } from '../api/hooks';
import { formatDateTime } from '../format/dates';
import { describeChange } from './change-log-format';
import './change-log.css';

export interface ChangeLogPanelProps {
  entityType: (typeof ENTITY_TYPES)[number];
  entityId: string;
  /** Entries per page. */
  pageSize?: number;
  /** Maps a user id to a display name when the entry carries none. */
  userNames?: ReadonlyMap<string, string>;
}

/** @deprecated The app's date-time formatter (`format/dates`); kept for callers of the earlier name. */
export const formatChangeDate = formatDateTime;

const ACTION_LABELS: Record<ChangeLogEntry['action'], string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
};

type Page = ApiResponse<'changelog.getAll'>;

/** The change history of one record, newest first, scrolling above 500 px, paged with "Load more". */
export default function ChangeLogPanel({ entityType, entityId, pageSize = 25, userNames }: ChangeLogPanelProps) {
  const params = { entityType, entityId };
  const query = useInfiniteQuery<Page, ApiError>({
    queryKey: [...apiQueryKey('changelog.getAll', { params }), 'pages', pageSize],
    queryFn: ({ pageParam }) =>
      apiCall('changelog.getAll', {
        params,
        query: { limit: pageSize, ...(typeof pageParam === 'string' ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });

  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <Container
      header={
        <Header
          variant="h3"
          counter={query.data ? `(${entries.length}${query.hasNextPage ? '+' : ''})` : undefined}
          actions={
            <Button
              iconName="refresh"
              variant="icon"
              ariaLabel="Refresh change log"
              loading={query.isRefetching && !query.isFetchingNextPage}
              onClick={() => void query.refetch()}
            />
          }
        >
          Change log
        </Header>
      }
    >
      {query.isPending ? (
        <StatusIndicator type="loading">Loading changes</StatusIndicator>
      ) : query.isError ? (
        <Alert
          type="error"
          statusIconAriaLabel="Error"
          action={<Button onClick={() => void query.refetch()}>Retry</Button>}
        >
          Failed to load the change log. {query.error.message}
        </Alert>
      ) : entries.length === 0 ? (
        <Box textAlign="center" color="text-body-secondary" padding="s">
          No changes recorded
        </Box>
      ) : (
        <SpaceBetween size="s">
          <div className="bo-change-log" tabIndex={0} role="region" aria-label="Change log entries">
            <ol className="bo-change-log__list">
              {entries.map((entry) => (
                <li key={entry.id} className="bo-change-log__entry">
                  <Box variant="small" color="text-body-secondary">
                    <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                    {' · '}
                    {userNames?.get(entry.userId) || entry.userName || entry.userId}
                  </Box>
                  <Box fontWeight="bold">{ACTION_LABELS[entry.action]}</Box>
                  {entry.changes.length > 0 && (
                    <ul className="bo-change-log__changes">
                      {entry.changes.map((change, i) => (
                        <li key={`${change.field}-${change.subfield ?? ''}-${i}`}>
                          {describeChange(change, entityType, entry.action)}
                        </li>
                      ))}
                    </ul>
                  )}
                  {entry.notes && <Box variant="small">{entry.notes}</Box>}
                </li>
              ))}
            </ol>
          </div>
          {query.hasNextPage && (
            <Box textAlign="center">
              <Button
                onClick={() => void query.fetchNextPage()}
                loading={query.isFetchingNextPage}
                loadingText="Loading more changes"
              >
                Load more
              </Button>
            </Box>
          )}
        </SpaceBetween>
      )}
    </Container>
  );
}
