import { describe, expect, it } from 'vitest';
import { deleteCustomPricingBody, payrollSubmitBody, payrollUpdateBody, requestIssues } from '../src';

const reported = (result: { error?: { issues: Parameters<typeof requestIssues>[0] } }) =>
  requestIssues(result.error!.issues, 'body');

const BAD_TIME =
  'modifiedOn must be a date-time with Z or an offset (2026-03-05T14:30:00Z) between 2000-01-01 and 2099-12-31 (UTC)';

describe('requestIssues: what a 400 reports', () => {
  it('resolves a union body to the field that is wrong, in whichever shape it was sent', () => {
    expect(reported(payrollUpdateBody.safeParse({ modifiedOn: '9999-12-31' }))).toEqual([
      { path: 'body.modifiedOn', message: BAD_TIME },
    ]);
    expect(reported(payrollSubmitBody.safeParse({ users: [{ modifiedOn: '9999-12-31' }] }))).toEqual([
      { path: 'body.users.0.modifiedOn', message: BAD_TIME },
    ]);
    expect(reported(payrollSubmitBody.safeParse([{ modifiedOn: '9999-12-31' }]))).toEqual([
      { path: 'body.0.modifiedOn', message: BAD_TIME },
    ]);
  });

  it("keeps a union's own message", () => {
    expect(reported(deleteCustomPricingBody.safeParse({ nothing: 1 }))).toEqual([
      { path: 'body', message: 'Send productId, or productIds (a list of product ids)' },
    ]);
  });
});
