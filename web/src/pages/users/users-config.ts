import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import { ROLE_LABELS, USER_STATUS_LABELS, type User, type UserSummary } from '@bo/shared';

/** A row of the users table: full profiles for ADMIN, summaries (no email) for everyone else. */
export type UserRow = User | UserSummary;

export type UserColumnId = 'name' | 'email' | 'role' | 'title' | 'status' | 'actions';

export interface UserColumn {
  id: UserColumnId;
  header: string;
  /** Only ADMIN receives emails and statuses, and only ADMIN disables and enables users. */
  adminOnly: boolean;
  sortingField?: string;
  isRowHeader?: boolean;
}

export const USER_COLUMNS: readonly UserColumn[] = [
  { id: 'name', header: 'Name', adminOnly: false, sortingField: 'name', isRowHeader: true },
  { id: 'email', header: 'Email', adminOnly: true, sortingField: 'email' },
  { id: 'role', header: 'Roles', adminOnly: false, sortingField: 'role' },
  { id: 'title', header: 'Title', adminOnly: false, sortingField: 'title' },
  { id: 'status', header: 'Status', adminOnly: true, sortingField: 'status' },
  { id: 'actions', header: 'Actions', adminOnly: true },
];

export const columnsFor = (admin: boolean): UserColumn[] => USER_COLUMNS.filter((c) => admin || !c.adminOnly);

export const roleText = (row: UserRow): string => row.role.map((r) => ROLE_LABELS[r]).join(', ');
const emailOf = (row: UserRow): string => ('email' in row ? row.email : '');
const statusText = (row: UserRow): string => ('status' in row ? USER_STATUS_LABELS[row.status] : '');

/** Sorting that puts empty titles last and compares roles by their labels. */
export const sortingComparators: Partial<Record<UserColumnId, (a: UserRow, b: UserRow) => number>> = {
  name: (a, b) => a.name.localeCompare(b.name, 'en-US'),
  email: (a, b) => emailOf(a).localeCompare(emailOf(b), 'en-US'),
  role: (a, b) => roleText(a).localeCompare(roleText(b), 'en-US'),
  title: (a, b) => (a.title || '\uffff').localeCompare(b.title || '\uffff', 'en-US'),
  status: (a, b) => statusText(a).localeCompare(statusText(b), 'en-US'),
};

/** The text filter matches name, email, title, role names and status, case-insensitively. */
export const filterUser = (row: UserRow, text: string): boolean => {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [row.name, emailOf(row), row.title ?? '', roleText(row), row.role.join(' '), statusText(row)].some((v) =>
    v.toLowerCase().includes(needle),
  );
};

export const PAGE_SIZE_OPTIONS: CollectionPreferencesProps.PageSizeOption[] = [
  { value: 10, label: '10 users' },
  { value: 25, label: '25 users' },
  { value: 50, label: '50 users' },
  { value: 100, label: '100 users' },
];

export const DEFAULT_PREFERENCES: CollectionPreferencesProps.Preferences = {
  pageSize: 25,
  wrapLines: false,
  stripedRows: false,
  contentDensity: 'comfortable',
  contentDisplay: USER_COLUMNS.map((c) => ({ id: c.id, visible: true })),
};

/** Saved column settings from before a column existed show that column too (a Table hides unlisted columns). */
export const withNewColumns = (
  preferences: CollectionPreferencesProps.Preferences,
): CollectionPreferencesProps.Preferences => {
  const saved = preferences.contentDisplay ?? [];
  const missing = USER_COLUMNS.filter((c) => !saved.some((d) => d.id === c.id)).map((c) => ({
    id: c.id,
    visible: true,
  }));
  return missing.length === 0 ? preferences : { ...preferences, contentDisplay: [...saved, ...missing] };
};

export const contentDisplayOptions = (admin: boolean): CollectionPreferencesProps.ContentDisplayOption[] =>
  columnsFor(admin).map((c) => ({ id: c.id, label: c.header, alwaysVisible: c.id === 'name' }));

export const PREFERENCES_STORAGE_KEY = 'bo.users.table.preferences';

export const USERS_TEXT = {
  empty: 'No users',
  emptyDescription: 'There are no users yet.',
  loading: 'Loading users',
  error: 'Error loading users',
  filterPlaceholder: 'Find users',
} as const;
