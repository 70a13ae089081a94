import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeSession, preloadLazyModules, renderApp } from './helpers';
import { RECEIVABLES } from './payment-fixtures';
import type * as RegistryModule from '../src/app/modal-registry';

/** The payment dialog is built elsewhere (`payments/dialog/`): a stand-in shows the props it was given. */
vi.mock('../src/app/modal-registry', async (importOriginal) => {
  const { lazy, createElement } = await import('react');
  const original = await importOriginal<typeof RegistryModule>();
  const standIn = (name: string) =>
    lazy(async () => ({
      default: ({ onDismiss: _onDismiss, ...props }: { onDismiss: () => void }) =>
        createElement('div', { role: 'dialog', 'aria-label': name }, JSON.stringify(props)),
    }));
  return { modalRegistry: { ...original.modalRegistry, AddPayment: standIn('AddPayment') } };
});

beforeAll(async () => {
  await preloadLazyModules();
  await import('../src/pages/payments/ReceivablesPage');
});
afterEach(() => vi.unstubAllGlobals());

const SALES = makeSession({ userId: 'u-sales', roles: ['SALES'] });
const PAYROLL = makeSession({ userId: 'u-pay', roles: ['PAYROLL'] });
const PATH = '/api/db/payments/receivables';

/** The label and value of each pair of a KeyValuePairs. */
const pairsOf = (element: HTMLElement) =>
  createWrapper(element)
    .findKeyValuePairs()!
    .findItems()
    .map((item) => [item.findLabel()!.getElement().textContent, item.findValue()!.getElement().textContent]);

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Receivables page', () => {
  it('shows a row per customer with the balance aged in buckets, the oldest order, and the totals', async () => {
    fakeApi().on('GET', PATH, { body: RECEIVABLES });
    renderApp('/receivables', SALES);
    const table = await screen.findByRole('grid', { name: 'Receivables by customer' });
    await within(table).findByText('Harbor Goods');
    const rows = within(table).getAllByRole('row').slice(1);
    // Largest balance first; the columns: balance, 0–30, 31–60, 61–90, over 90, oldest order, open orders.
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Green Leaf');
    expect(cellsOf(rows[0]!).slice(0, 7)).toEqual([
      '$620.25',
      '$120.25',
      '$0.00',
      '$200.00',
      '$300.00',
      'Nov 2, 2025',
      '3',
    ]);
    expect(cellsOf(rows[1]!).slice(0, 7)).toEqual(['$80.00', '$0.00', '$80.00', '$0.00', '$0.00', 'Jan 20, 2026', '1']);

    expect(screen.getByTestId('receivables-total')).toHaveTextContent('$700.25');
    expect(pairsOf(screen.getByTestId('receivables-totals'))).toEqual([
      ['0–30 days', '$120.25'],
      ['31–60 days', '$80.00'],
      ['61–90 days', '$200.00'],
      ['Over 90 days', '$300.00'],
    ]);
    expect(screen.getByText(/As of Mar 10, 2026/)).toBeInTheDocument();
  });

  it('sorts by a bucket when its header is clicked', async () => {
    const user = userEvent.setup();
    fakeApi().on('GET', PATH, { body: RECEIVABLES });
    renderApp('/receivables', SALES);
    const table = await screen.findByRole('grid', { name: 'Receivables by customer' });
    await within(table).findByText('Harbor Goods');
    await user.click(within(within(table).getByRole('columnheader', { name: /31 to 60 days/ })).getByText('31–60'));
    const first = () => within(within(table).getAllByRole('row')[1]!).getByRole('rowheader').textContent;
    expect(first()).toBe('Green Leaf'); // ascending: $0.00 first
    await user.click(within(within(table).getByRole('columnheader', { name: /31 to 60 days/ })).getByText('31–60'));
    expect(first()).toBe('Harbor Goods');
  });

  it("opens AddPayment with the row's customer from Record payment", async () => {
    const user = userEvent.setup();
    fakeApi().on('GET', PATH, { body: RECEIVABLES });
    renderApp('/receivables', SALES);
    await user.click(await screen.findByRole('button', { name: 'Record a payment from Harbor Goods' }));
    const dialog = await screen.findByRole('dialog', { name: 'AddPayment' });
    expect(JSON.parse(dialog.textContent!)).toEqual({ customerId: 'c-2' });
  });

  it('gives PAYROLL the figures without Record payment or links to customers', async () => {
    fakeApi().on('GET', PATH, { body: RECEIVABLES });
    renderApp('/receivables', PAYROLL);
    const table = await screen.findByRole('grid', { name: 'Receivables by customer' });
    expect(await within(table).findByText('Green Leaf')).toBeInTheDocument();
    expect(within(table).getByText('$620.25')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Record a payment/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /View the orders/ })).not.toBeInTheDocument();
  });

  it('shows the empty state when nobody owes, and the error with Retry', async () => {
    fakeApi().on('GET', PATH, {
      body: {
        asOf: '2026-03-10',
        rows: [],
        totals: { balanceDue: 0, days0to30: 0, days31to60: 0, days61to90: 0, over90: 0 },
      },
    });
    const { unmount } = renderApp('/receivables', SALES);
    expect(await screen.findByText('No open balances')).toBeInTheDocument();
    expect(within(screen.getByTestId('receivables-totals')).getAllByText('$0.00')).toHaveLength(4);
    unmount();

    fakeApi().on('GET', PATH, { status: 500, body: { message: 'Boom' } });
    renderApp('/receivables', SALES);
    expect(await screen.findByText('Error loading receivables')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
