import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import Pagination from '@cloudscape-design/components/pagination';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useCan } from '../../access/route-access';
import { useApiQuery } from '../../api/hooks';
import { isAdmin, useSession } from '../../auth/session';
import ListPageHeader from '../../components/ListPageHeader';
import { useFollow } from '../../components/navigation';
import { TableEmptyState, TableNoMatchState } from '../../components/table-states';
import { useLocalStorage } from '../../components/use-local-storage';
import { useModals } from '../../modals/context';
import { RoleBadges } from '../../components/users/UserFields';
import {
  columnsFor,
  contentDisplayOptions,
  DEFAULT_PREFERENCES,
  filterUser,
  PAGE_SIZE_OPTIONS,
  PREFERENCES_STORAGE_KEY,
  sortingComparators,
  USERS_TEXT,
  type UserColumnId,
  type UserRow,
  withNewColumns,
} from './users-config';
import { UserStatusAction, UserStatusIndicator, useUserStatusChange } from './UserStatus';
import TablePreferences, { tablePreferenceProps } from '../../components/TablePreferences';
import { matchesText } from '../../format/counts';
import { useProgressiveItems } from '../../components/use-progressive-items';

const AddUserModal = lazy(() => import('./AddUserModal'));

const EMPTY: UserRow[] = [];

/** `/users`: every staff member; ADMIN adds, edits, disables, enables and deletes them. */
export default function UsersPage() {
  const session = useSession();
  const admin = isAdmin(session);
  const can = useCan();
  const { openModal } = useModals();
  const follow = useFollow();
  const [adding, setAdding] = useState(false);
  const [saved, setPreferences] = useLocalStorage(PREFERENCES_STORAGE_KEY, DEFAULT_PREFERENCES);
  const preferences = withNewColumns(saved);
  const changeStatus = useUserStatusChange();
  const query = useApiQuery('users.getAll', {});
  const users = query.data?.res ?? EMPTY;

  const { items, actions, filteredItemsCount, collectionProps, filterProps, paginationProps } = useCollection(users, {
    filtering: { filteringFunction: filterUser },
    pagination: { pageSize: preferences.pageSize },
    sorting: { defaultState: { sortingColumn: { sortingField: 'name', sortingComparator: sortingComparators.name } } },
  });
  const shownItems = useProgressiveItems(items);

  const empty =
    filterProps.filteringText && users.length > 0 ? (
      <TableNoMatchState onClearFilter={() => actions.setFiltering('')} />
    ) : query.isError ? (
      <TableEmptyState
        title={USERS_TEXT.error}
        subtitle={query.error.message}
        action={<Button onClick={() => void query.refetch()}>Retry</Button>}
      />
    ) : (
      <TableEmptyState
        title={USERS_TEXT.empty}
        subtitle={USERS_TEXT.emptyDescription}
        action={admin ? <Button onClick={() => setAdding(true)}>Add user</Button> : undefined}
      />
    );

  const nameCell = (row: UserRow) => {
    if (admin)
      return (
        <Link onFollow={() => openModal('EditUser', { userId: row.id, name: row.name })} ariaLabel={`Edit ${row.name}`}>
          {row.name}
        </Link>
      );
    if (row.id === session.userId)
      return (
        <Link href="/profile" onFollow={follow}>
          {row.name} (you)
        </Link>
      );
    return row.name;
  };

  const cells: Record<UserColumnId, (row: UserRow) => ReactNode> = {
    name: nameCell,
    email: (row) => ('email' in row ? row.email : '-'),
    role: (row) => <RoleBadges roles={row.role} />,
    title: (row) => row.title || '-',
    status: (row) => ('status' in row ? <UserStatusIndicator status={row.status} /> : '-'),
    actions: (row) =>
      'status' in row ? (
        <UserStatusAction user={row} self={row.id === session.userId} onChange={() => changeStatus(row)} />
      ) : null,
  };

  const columnDefinitions: TableProps.ColumnDefinition<UserRow>[] = columnsFor(admin).map((column) => ({
    id: column.id,
    header: column.header,
    cell: cells[column.id],
    sortingField: column.sortingField,
    sortingComparator: sortingComparators[column.id],
    isRowHeader: column.isRowHeader,
  }));

  return (
    <>
      <Table<UserRow>
        {...collectionProps}
        empty={empty}
        items={shownItems}
        columnDefinitions={columnDefinitions}
        {...tablePreferenceProps(preferences)}
        trackBy="id"
        variant="full-page"
        stickyHeader
        resizableColumns
        enableKeyboardNavigation
        loading={query.isPending}
        loadingText={USERS_TEXT.loading}
        ariaLabels={{ tableLabel: 'Users' }}
        renderAriaLive={({ firstIndex, lastIndex, totalItemsCount }) =>
          `Displaying users ${firstIndex} to ${lastIndex} of ${totalItemsCount}`
        }
        header={
          <ListPageHeader
            title="Users"
            counter={query.data ? users.length : undefined}
            description={admin ? 'Staff accounts, their roles and assignments.' : 'Your colleagues and their roles.'}
            refresh={{ noun: 'users', loading: query.isRefetching, onRefresh: () => void query.refetch() }}
            actions={
              can('users.addNew') && (
                <Button variant="primary" onClick={() => setAdding(true)}>
                  Add user
                </Button>
              )
            }
          />
        }
        filter={
          <TextFilter
            {...filterProps}
            filteringPlaceholder={USERS_TEXT.filterPlaceholder}
            filteringAriaLabel="Filter users"
            countText={filterProps.filteringText ? matchesText(filteredItemsCount ?? 0) : undefined}
          />
        }
        pagination={<Pagination {...paginationProps} />}
        preferences={
          <TablePreferences
            preferences={preferences}
            defaults={DEFAULT_PREFERENCES}
            onChange={setPreferences}
            pageSizeOptions={PAGE_SIZE_OPTIONS}
            contentDisplayOptions={contentDisplayOptions(admin)}
          />
        }
      />
      {adding && (
        <Suspense fallback={<Box />}>
          <AddUserModal onDismiss={() => setAdding(false)} />
        </Suspense>
      )}
    </>
  );
}
