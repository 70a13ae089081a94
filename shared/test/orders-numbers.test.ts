import { describe, expect, it } from 'vitest';
import {
  draftOrderNumber,
  formatOrderNumber,
  isDraftNumber,
  NEW_ORDER_STATUSES,
  orderNumberOnStatusChange,
  stampStatusChanges,
} from '../src/index';

describe('new order statuses and numbers (spec section 4)', () => {
  it('submits as RECEIVED / AWAITING and drafts as DRAFT / DRAFT', () => {
    expect(NEW_ORDER_STATUSES.submit).toEqual({ orderStatus: 'RECEIVED', paymentStatus: 'AWAITING' });
    expect(NEW_ORDER_STATUSES.draft).toEqual({ orderStatus: 'DRAFT', paymentStatus: 'DRAFT' });
  });
  it("numbers a draft 'DRAFT_' + a random id", () => {
    expect(draftOrderNumber(() => 'k3x9')).toBe('DRAFT_k3x9');
    expect(isDraftNumber('DRAFT_k3x9')).toBe(true);
    expect(isDraftNumber('1042')).toBe(false);
  });
});

describe('order number on a status change in edit (spec section 4)', () => {
  it('fetches a fresh number when leaving DRAFT, and restores the draft number when going back', () => {
    const leave = orderNumberOnStatusChange('DRAFT', 'RECEIVED', 'DRAFT_k3x9');
    expect(leave).toEqual({ change: { kind: 'fetch' }, memory: { draftNumber: 'DRAFT_k3x9' } });
    const back = orderNumberOnStatusChange('RECEIVED', 'DRAFT', '1042', leave.memory);
    expect(back.change).toEqual({ kind: 'restore', orderNum: 'DRAFT_k3x9' });
    // Leaving DRAFT again asks for a fresh number again.
    expect(orderNumberOnStatusChange('DRAFT', 'PACKED', 'DRAFT_k3x9', back.memory).change).toEqual({ kind: 'fetch' });
  });
  it('keeps the number between non-draft statuses, and when there is no draft number to go back to', () => {
    expect(orderNumberOnStatusChange('RECEIVED', 'PACKED', '1042').change).toEqual({ kind: 'keep' });
    expect(orderNumberOnStatusChange('DRAFT', 'DRAFT', 'DRAFT_a').change).toEqual({ kind: 'keep' });
    expect(orderNumberOnStatusChange('RECEIVED', 'DRAFT', '1042').change).toEqual({ kind: 'keep' });
    expect(orderNumberOnStatusChange('DRAFT', 'RECEIVED', '1042').change).toEqual({ kind: 'keep' });
  });
});

describe('status stamps and the picker date', () => {
  const before = {
    orderStatus: 'RECEIVED' as const,
    paymentStatus: 'AWAITING' as const,
    statusModifiedOn: '2025-03-01T10:00:00.000Z',
    paymentModifiedOn: '2025-03-02T10:00:00.000Z',
  };
  const now = '2025-03-05T09:00:00.000Z';
  it('stamps only the status that changed; a new order stamps both', () => {
    expect(stampStatusChanges(before, { orderStatus: 'PACKED', paymentStatus: 'AWAITING' }, now)).toEqual({
      statusModifiedOn: now,
      paymentModifiedOn: before.paymentModifiedOn,
    });
    expect(stampStatusChanges(before, { orderStatus: 'RECEIVED', paymentStatus: 'PAID' }, now)).toEqual({
      statusModifiedOn: before.statusModifiedOn,
      paymentModifiedOn: now,
    });
    expect(stampStatusChanges(null, { orderStatus: 'DRAFT', paymentStatus: 'DRAFT' }, now)).toEqual({
      statusModifiedOn: now,
      paymentModifiedOn: now,
    });
  });
});

describe('server order numbers', () => {
  it('start at 1001', () => {
    expect(formatOrderNumber(1)).toBe('1001');
    expect(formatOrderNumber(42)).toBe('1042');
  });
});
