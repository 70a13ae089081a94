import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChangeLogEntry } from '@bo/shared';
import ChangeLogPanel, { describeChange } from '../src/components/ChangeLogPanel';
import { fakeApi, renderWithQuery } from './helpers';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/api/db/changelog/getAll/user/u-2';

const entry = (overrides: Partial<ChangeLogEntry>): ChangeLogEntry => ({
  id: 'e',
  action: 'update',
  entityType: 'user',
  entityId: 'u-2',
  userId: 'u-admin',
  createdAt: '2025-03-04T15:06:00.000Z',
  changes: [],
  ...overrides,
});

describe('ChangeLogPanel', () => {
  it('lists entries newest first with date, user, action and each field change', async () => {
    fakeApi().on('GET', PATH, {
      body: {
        entries: [
          entry({
            id: 'e2',
            userName: 'Ada Admin',
            createdAt: '2025-03-04T15:06:00.000Z',
            changes: [
              { name: 'Title', field: 'title', action: 'update', previousValue: 'Rep', newValue: 'Lead' },
              { name: 'Role', field: 'role', subfield: 'SALES', action: 'add', newValue: 'SALES' },
              { name: 'Role', field: 'role', subfield: 'DRIVER', action: 'remove', previousValue: 'DRIVER' },
            ],
          }),
          entry({ id: 'e1', action: 'create', userId: 'u-9', createdAt: '2025-01-02T10:00:00.000Z' }),
        ],
        cursor: null,
      },
    });
    renderWithQuery(<ChangeLogPanel entityType="user" entityId="u-2" />);

    const list = await screen.findByRole('region', { name: 'Change log entries' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.tagName === 'OL');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Ada Admin');
    expect(items[0]).toHaveTextContent('Updated');
    expect(items[0]).toHaveTextContent(/Mar 4, 2025/);
    expect(within(items[0]!).getByText('Title: Rep → Lead')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Role: added SALES')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Role: removed DRIVER')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('u-9');
    expect(items[1]).toHaveTextContent('Created');
    expect(list).toHaveClass('bo-change-log');
  });

  it("shows 'No changes recorded' when there are none", async () => {
    fakeApi().on('GET', PATH, { body: { entries: [], cursor: null } });
    renderWithQuery(<ChangeLogPanel entityType="user" entityId="u-2" />);
    expect(await screen.findByText('No changes recorded')).toBeInTheDocument();
  });

  it('loads more with the cursor', async () => {
    const user = userEvent.setup();
    const api = fakeApi().on('GET', PATH, (call) =>
      call.query.get('cursor') === 'next'
        ? { body: { entries: [entry({ id: 'old', userName: 'Older Person' })], cursor: null } }
        : { body: { entries: [entry({ id: 'new', userName: 'Newer Person' })], cursor: 'next' } },
    );
    renderWithQuery(<ChangeLogPanel entityType="user" entityId="u-2" pageSize={1} />);

    await screen.findByText(/Newer Person/);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(/Older Person/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.calls.map((c) => c.query.toString())).toEqual(['limit=1', 'cursor=next&limit=1']);
  });

  it('describes scalar additions and removals with an empty side', () => {
    expect(describeChange({ name: 'Title', field: 'title', action: 'add', newValue: 'Lead' })).toBe(
      'Title: (empty) → Lead',
    );
    expect(describeChange({ name: 'Avatar', field: 'avatar', action: 'remove', previousValue: 'a.png' })).toBe(
      'Avatar: a.png → (empty)',
    );
  });
});
