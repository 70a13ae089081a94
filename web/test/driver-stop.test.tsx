import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELIVERY_MESSAGES } from '@bo/shared';
import { dayResult, makeCollection, makeDay, makeEntry, makeStop, queueResult, renderDriver } from './driver-fixtures';
import type { QueuedAction } from '../src/driver/offline';
import { offline } from './driver-offline-mock';

vi.mock('../src/driver/offline', () => import('./driver-offline-mock'));

/** A 1×1 PNG: what the signature pad hands up (jsdom draws nothing). */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const STOP = makeStop({ orderId: 'o-1', orderNum: '1001', amountDue: 120 });

beforeEach(() => {
  offline.enqueue.mockClear();
  offline.state.today = dayResult(makeDay([STOP]));
  offline.state.queue = queueResult();
  // jsdom has no canvas: a pad that draws nothing and gives a real PNG.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
});
afterEach(() => vi.restoreAllMocks());

const completeForm = () => screen.findByRole('form', { name: 'What happened?' });
const collectForm = () => screen.findByRole('form', { name: 'Money collected' });
const lastAction = () => offline.enqueue.mock.lastCall?.[1] as QueuedAction;

describe('recording what happened at a stop', () => {
  it('shows the stop with its lines, and asks for proof and the receiver before a delivery is queued', async () => {
    const user = userEvent.setup();
    renderDriver('/driver/stop/o-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer 1001' })).toBeInTheDocument();
    expect(screen.getByText('Stop 1 · Order 1001')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Lines of order 1001' })).toHaveTextContent('2 × Gelato');
    const form = await completeForm();
    expect(within(form).getByRole('radio', { name: /^Delivered/ })).toBeChecked();

    await user.click(within(form).getByRole('button', { name: 'Record: Delivered' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Check the form: 2 things are missing or wrong.');
    expect(within(form).getByText(DELIVERY_MESSAGES.proofRequired)).toBeInTheDocument();
    expect(within(form).getByText(DELIVERY_MESSAGES.receiverRequired)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: "Receiver's name" })).toHaveAttribute('aria-invalid', 'true');
    expect(offline.enqueue).not.toHaveBeenCalled();

    // A signature is proof enough; the receiver's name is still missing.
    const pad = within(form).getByRole('img', { name: /Signature pad/ });
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10 });
    fireEvent.pointerMove(pad, { clientX: 60, clientY: 40 });
    fireEvent.pointerUp(pad, { clientX: 60, clientY: 40 });
    expect(within(form).getByRole('img', { name: 'Signature pad, signed' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Record: Delivered' }));
    expect(within(form).queryByText(DELIVERY_MESSAGES.proofRequired)).not.toBeInTheDocument();
    expect(within(form).getByText(DELIVERY_MESSAGES.receiverRequired)).toBeInTheDocument();
    expect(offline.enqueue).not.toHaveBeenCalled();

    await user.type(within(form).getByRole('textbox', { name: "Receiver's name" }), '  Rita Receiver ');
    await user.type(within(form).getByRole('textbox', { name: 'Note (optional)' }), 'Left at the back door');
    await user.click(within(form).getByRole('button', { name: 'Record: Delivered' }));
    expect(offline.enqueue).toHaveBeenCalledTimes(1);
    const action = lastAction();
    expect(action).toMatchObject({
      kind: 'complete',
      orderId: 'o-1',
      orderNum: '1001',
      body: {
        outcome: 'DELIVERED',
        receiverName: 'Rita Receiver',
        note: 'Left at the back door',
        signature: { contentType: 'image/png', data: PNG },
        modifiedOn: STOP.modifiedOn,
      },
    });
    expect(action.kind === 'complete' && action.body.photo).toBeFalsy();
    expect(action.kind === 'complete' && Date.parse(String(action.body.at))).toBeGreaterThan(Date.now() - 60_000);
    expect(await screen.findByText(/^Delivered recorded at/)).toBeInTheDocument();
  });

  it('asks why nobody took it, then queues the exception with its reason', async () => {
    const user = userEvent.setup();
    renderDriver('/driver/stop/o-1');
    const form = await completeForm();
    await user.click(within(form).getByRole('radio', { name: /^Nobody there/ }));
    expect(within(form).queryByLabelText('Photo')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Record: Nobody there' }));
    expect(within(form).getByText(DELIVERY_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(offline.enqueue).not.toHaveBeenCalled();

    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Closed, no answer at the door');
    await user.click(within(form).getByRole('button', { name: 'Record: Nobody there' }));
    expect(lastAction()).toMatchObject({
      kind: 'complete',
      body: { outcome: 'NOBODY_THERE', reason: 'Closed, no answer at the door', modifiedOn: STOP.modifiedOn },
    });
  });

  it('checks the lines not delivered of a partial delivery against the order', async () => {
    const user = userEvent.setup();
    renderDriver('/driver/stop/o-1');
    const form = await completeForm();
    await user.click(within(form).getByRole('radio', { name: /^Partly delivered/ }));
    const pad = within(form).getByRole('img', { name: /Signature pad/ });
    fireEvent.pointerDown(pad);
    fireEvent.pointerUp(pad);
    await user.type(within(form).getByRole('textbox', { name: "Receiver's name" }), 'Sam');
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Damaged');
    await user.click(within(form).getByRole('button', { name: 'Record: Partly delivered' }));
    expect(within(form).getByText(DELIVERY_MESSAGES.partialLines)).toBeInTheDocument();

    const gelato = within(form).getByRole('textbox', { name: 'Not delivered: Gelato (of 2)' });
    await user.type(gelato, '3');
    await user.click(within(form).getByRole('button', { name: 'Record: Partly delivered' }));
    expect(within(form).getByText(/Only 2 of Gelato \(GE-2\) were on the order/)).toBeInTheDocument();
    expect(offline.enqueue).not.toHaveBeenCalled();

    await user.clear(gelato);
    await user.type(gelato, '1');
    await user.click(within(form).getByRole('button', { name: 'Record: Partly delivered' }));
    expect(lastAction()).toMatchObject({
      kind: 'complete',
      body: { outcome: 'PARTIAL', reason: 'Damaged', notDelivered: [{ lineId: 'o-1-l2', quantity: 1 }] },
    });
  });

  it('shows no delivery form once the stop is delivered', async () => {
    offline.state.today = dayResult(makeDay([{ ...STOP, state: 'DELIVERED' }]));
    renderDriver('/driver/stop/o-1');
    await collectForm();
    expect(screen.queryByRole('form', { name: 'What happened?' })).not.toBeInTheDocument();
  });

  it('says when the stop is not on the list', async () => {
    renderDriver('/driver/stop/o-404');
    expect(await screen.findByRole('heading', { name: "Not on today's list" })).toBeInTheDocument();
  });
});

describe('money collected', () => {
  it('defaults to what is open, previews the shared rule as it is typed, and queues cash', async () => {
    const user = userEvent.setup();
    // $20 already collected and waiting for the office: $100 of the $120 due is open.
    offline.state.today = dayResult(
      makeDay([STOP], [makeCollection({ orderId: 'o-1', orderNum: '1001', amount: 20 })]),
    );
    renderDriver('/driver/stop/o-1');
    const form = await collectForm();
    expect(within(form).getByText(/Open to collect:/)).toHaveTextContent(
      'Open to collect: $100.00 ($20.00 already collected, waiting for the office)',
    );
    const amount = within(form).getByRole('textbox', { name: 'Amount ($)' });
    expect(amount).toHaveValue('100.00');

    await user.clear(amount);
    await user.type(amount, '100.01');
    expect(within(form).getByText('The amount is more than the open balance of $100.00')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(form).getByRole('button', { name: 'Record cash' }));
    expect(offline.enqueue).not.toHaveBeenCalled();

    await user.clear(amount);
    await user.type(amount, 'abc');
    expect(within(form).getByText('Enter an amount in dollars, like 120.50')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '45.5');
    expect(amount).not.toHaveAttribute('aria-invalid');
    await user.click(within(form).getByRole('button', { name: 'Record cash of $45.50' }));
    expect(lastAction()).toMatchObject({
      kind: 'collect',
      orderId: 'o-1',
      orderNum: '1001',
      body: { method: 'CASH', amount: 45.5 },
    });
    expect(await screen.findByText(/Cash of \$45\.50 recorded/)).toBeInTheDocument();
  });

  it('needs a check number for a check', async () => {
    const user = userEvent.setup();
    renderDriver('/driver/stop/o-1');
    const form = await collectForm();
    await user.click(within(form).getByRole('radio', { name: 'Check' }));
    await user.click(within(form).getByRole('button', { name: /^Record check/ }));
    expect(within(form).getByText(DELIVERY_MESSAGES.checkNumberRequired)).toBeInTheDocument();
    expect(offline.enqueue).not.toHaveBeenCalled();
    await user.type(within(form).getByRole('textbox', { name: 'Check number' }), '1234');
    await user.click(within(form).getByRole('button', { name: 'Record check of $120.00' }));
    expect(lastAction()).toMatchObject({
      kind: 'collect',
      body: { method: 'CHECK', checkNumber: '1234', amount: 120 },
    });
  });

  it('has nothing to collect on a paid order', async () => {
    offline.state.today = dayResult(makeDay([{ ...STOP, amountDue: 0 }]));
    renderDriver('/driver/stop/o-1');
    const form = await collectForm();
    expect(within(form).getByText(/Open to collect:/)).toHaveTextContent('Open to collect: $0.00');
    expect(within(form).getByRole('button', { name: /^Record cash/ })).toBeDisabled();
  });
});

describe('the day-end summary', () => {
  it('shows the cash and each check to hand in, and how the stops went', async () => {
    const day = makeDay(
      [STOP, makeStop({ orderId: 'o-2', orderNum: '1002', state: 'DELIVERED' })],
      [makeCollection({ orderId: 'o-1', orderNum: '1001', amount: 20 })],
    );
    day.summary = {
      cash: 20,
      checks: [{ orderNum: '1002', customerName: 'Harbor View', checkNumber: '778', amount: 35 }],
      checksTotal: 35,
      pending: 2,
      delivered: 1,
      exceptions: 0,
      remaining: 1,
    };
    offline.state.today = dayResult(day);
    offline.state.queue = queueResult([
      makeEntry({
        kind: 'collect',
        orderId: 'o-2',
        orderNum: '1002',
        body: { method: 'CHECK', amount: 35, checkNumber: '778', at: '2026-11-27T11:00:00.000Z' },
      }),
    ]);
    renderDriver('/driver/summary');
    expect(await screen.findByRole('heading', { level: 1, name: 'Day summary' })).toBeInTheDocument();
    expect(screen.getByTestId('summary-cash')).toHaveTextContent('$20.00');
    expect(screen.getByTestId('summary-checks')).toHaveTextContent('$35.00');
    expect(screen.getByText('1 check')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Checks' })).toHaveTextContent('7781002 · Harbor View$35.00');
    expect(screen.getByTestId('summary-delivered')).toHaveTextContent('1');
    expect(screen.getByTestId('summary-remaining')).toHaveTextContent('1');
    expect(screen.getByText('Includes 1 collection still on this phone, waiting to send.')).toBeInTheDocument();
  });
});
