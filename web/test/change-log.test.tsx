import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChangeLogEntry } from '@bo/shared';
import ChangeLogPanel from '../src/components/ChangeLogPanel';
import { describeChange } from '../src/components/change-log-format';
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
    expect(within(items[0]!).getByText('Role: added Sales')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Role: removed Driver')).toBeInTheDocument();
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

  it('describes values set and cleared in an update, and only the value in a creation', () => {
    expect(describeChange({ name: 'Title', field: 'title', action: 'add', newValue: 'Lead' }, 'user')).toBe(
      'Title: set to Lead',
    );
    expect(describeChange({ name: 'Avatar', field: 'avatar', action: 'remove', previousValue: 'a.png' }, 'user')).toBe(
      'Avatar: cleared (was a.png)',
    );
    expect(describeChange({ name: 'Title', field: 'title', action: 'add', newValue: 'Lead' }, 'user', 'create')).toBe(
      'Title: Lead',
    );
  });

  it('shows an order history as the order screens do: words, money, statuses, dates and names', async () => {
    fakeApi().on('GET', '/api/db/changelog/getAll/order/o-1', {
      body: {
        entries: [
          entry({
            id: 'u1',
            entityType: 'order',
            entityId: 'o-1',
            userName: 'Sam Sales',
            changes: [
              { name: 'Pickup', field: 'pickupOrder', action: 'update', previousValue: false, newValue: true },
              { name: 'Status', field: 'orderStatus', action: 'update', previousValue: 'DRAFT', newValue: 'RECEIVED' },
              { name: 'Discount', field: 'dollarAdjustment', action: 'update', previousValue: 0, newValue: 1234.5 },
              // The server named the ids it knows; an id that names nothing stays as stored.
              {
                name: 'Packing location',
                field: 'packingLocationId',
                action: 'update',
                previousValue: '3',
                newValue: '1',
                previousName: 'East Dock',
                newName: 'Main Warehouse',
              },
              { name: 'Driver', field: 'driverId', action: 'add', newValue: 'u-drv', newName: 'Dan Driver' },
              {
                name: 'Delivery date',
                field: 'deliveryDate',
                action: 'update',
                previousValue: '2025-03-05',
                newValue: '2025-03-07',
              },
              {
                name: 'Line',
                field: 'orderedItems',
                subfield: 'ACM-1 · no batch',
                action: 'add',
                newValue: '2 × $10.00',
              },
            ],
          }),
          entry({
            id: 'c1',
            action: 'create',
            entityType: 'order',
            entityId: 'o-1',
            userName: 'Sam Sales',
            changes: [{ name: 'Pickup', field: 'pickupOrder', action: 'add', newValue: false }],
          }),
        ],
        cursor: null,
      },
    });
    renderWithQuery(<ChangeLogPanel entityType="order" entityId="o-1" />);

    const list = await screen.findByRole('region', { name: 'Change log entries' });
    const [update, created] = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.tagName === 'OL');
    const lines = within(update!)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'Delivery type: Delivery → Pickup',
      'Status: Draft → Received',
      'Discount: $0.00 → $1,234.50',
      'Packing location: East Dock → Main Warehouse',
      'Driver: set to Dan Driver',
      'Delivery date: Mar 5, 2025 → Mar 7, 2025',
      'Line (ACM-1 · no batch): set to 2 × $10.00',
    ]);
    expect(within(created!).getByText('Delivery type: Delivery')).toBeInTheDocument();
    expect(update).not.toHaveTextContent('false');
  });

  it('keeps a value the server could not name, and names list elements by the names it sent', () => {
    expect(
      describeChange(
        { name: 'Packing location', field: 'packingLocationId', action: 'update', previousValue: '3', newValue: '9' },
        'order',
      ),
    ).toBe('Packing location: 3 → 9');
    expect(
      describeChange(
        {
          name: 'Assigned brands',
          field: 'userBrands',
          subfield: 'b-1',
          action: 'add',
          newValue: 'b-1',
          newName: 'Acme',
        },
        'user',
      ),
    ).toBe('Assigned brands: added Acme');
    expect(
      describeChange(
        {
          name: 'Hidden from catalog',
          field: 'hideFromCatalog',
          action: 'update',
          previousValue: false,
          newValue: true,
        },
        'product',
      ),
    ).toBe('Catalog: Visible → Hidden');
    expect(
      describeChange(
        { name: 'Base price', field: 'basePrice', action: 'update', previousValue: 30, newValue: 32.5 },
        'product',
      ),
    ).toBe('Base price: $30.00 → $32.50');
  });

  it('shows a purchase order history with its status words and money (issue 22)', async () => {
    fakeApi().on('GET', '/api/db/changelog/getAll/purchaseOrder/po-1', {
      body: {
        entries: [
          entry({
            id: 'p1',
            entityType: 'purchaseOrder',
            entityId: 'po-1',
            userName: 'Pat Purchasing',
            changes: [
              { name: 'Status', field: 'orderStatus', action: 'update', previousValue: 'PENDING', newValue: 'ORDERED' },
              {
                name: 'Payment status',
                field: 'paymentStatus',
                action: 'update',
                previousValue: 'DRAFT',
                newValue: 'PAID',
              },
              {
                name: 'Unit cost',
                field: 'unitCost',
                subfield: 'ACM-1',
                action: 'update',
                previousValue: 8,
                newValue: 1132.15,
              },
              {
                name: 'Line',
                field: 'purchaseOrderItems',
                subfield: 'ACM-1',
                action: 'update',
                previousValue: 6,
                newValue: 1200,
              },
              {
                name: 'Expected delivery',
                field: 'expectedDeliveryOn',
                action: 'add',
                newValue: '2025-03-20',
              },
              {
                name: 'Received',
                field: 'hasBeenStocked',
                subfield: 'ACM-1',
                action: 'update',
                previousValue: false,
                newValue: true,
              },
            ],
          }),
        ],
        cursor: null,
      },
    });
    renderWithQuery(<ChangeLogPanel entityType="purchaseOrder" entityId="po-1" />);

    const list = await screen.findByRole('region', { name: 'Change log entries' });
    const lines = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.tagName === 'UL')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'Status: Pending → Ordered',
      'Payment status: Draft → Paid',
      'Unit cost (ACM-1): $8.00 → $1,132.15',
      'Line (ACM-1): 6 → 1,200',
      'Expected delivery: set to Mar 20, 2025',
      'Stocked (ACM-1): Not received → Received',
    ]);
  });

  it('formats what payments change: the payment, the orders it pays, the credit (issue 22)', () => {
    const payment = (field: string, previousValue: string | number, newValue: string | number) =>
      describeChange({ name: field, field, action: 'update', previousValue, newValue }, 'payment');
    expect(payment('amount', 1000, 1261.33)).toBe('amount: $1,000.00 → $1,261.33');
    expect(payment('paymentMethod', 'CASH', 'CHECK')).toBe('paymentMethod: Cash → Check');
    expect(payment('paymentDate', '2025-03-04', '2025-03-05')).toBe('paymentDate: Mar 4, 2025 → Mar 5, 2025');
    expect(payment('customerCreditDeducted', 0, 25)).toBe('customerCreditDeducted: $0.00 → $25.00');
    // Older entries carry plain amounts per order, newer ones dollars already: both read the same.
    expect(payment('appliedTo', '1001: 1000.00, 1002: 12.5', '1001: $1,000.00')).toBe(
      'appliedTo: 1001: $1,000.00, 1002: $12.50 → 1001: $1,000.00',
    );
    // A payment's entry on the order it pays.
    expect(
      describeChange(
        { name: 'Balance due', field: 'balanceDue', action: 'update', previousValue: 1132.15, newValue: 1261.33 },
        'order',
      ),
    ).toBe('Balance due: $1,132.15 → $1,261.33');
    expect(
      describeChange(
        {
          name: 'Payment status',
          field: 'paymentStatus',
          action: 'update',
          previousValue: 'PENDING',
          newValue: 'PAID',
        },
        'order',
      ),
    ).toBe('Payment status: Pending → Paid');
    expect(
      describeChange(
        {
          name: 'Custom price',
          field: 'customPrice',
          subfield: 'p-1',
          action: 'update',
          previousValue: 9,
          newValue: 9.5,
        },
        'customer',
      ),
    ).toBe('Custom price (p-1): $9.00 → $9.50');
  });

  it('formats payroll rows and user statuses as their screens show them (issue 22)', () => {
    const row = (field: string, previousValue: string | number, newValue: string | number) =>
      describeChange({ name: field, field, action: 'update', previousValue, newValue }, 'payroll');
    expect(row('baseRate', 20, 1250)).toBe('baseRate: $20.00 → $1,250.00');
    expect(row('commissionRate', 0.2, 0.25)).toBe('commissionRate: 20% → 25%');
    expect(row('payType', 'HOURLY', 'SALARY')).toBe('payType: Hourly → Salary');
    expect(
      describeChange(
        { name: 'Status', field: 'status', action: 'update', previousValue: 'ACTIVE', newValue: 'DISABLED' },
        'user',
      ),
    ).toBe('Status: Active → Disabled');
  });
});
