import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, readSettings } from '../cdk/lib/config';
import { JobsStack } from '../cdk/lib/stacks/jobs-stack';
import { cdkJsonContext } from './support';

const settingsFor = (context: Record<string, unknown>) => readSettings(new App({ context }).node);

describe('context settings', () => {
  it('cdk.json and the code agree on the defaults', () => {
    const json = cdkJsonContext();
    expect(json.prefix).toBe(DEFAULTS.prefix);
    expect(json.pricingSchedule).toBe(DEFAULTS.pricingSchedule);
    expect(settingsFor({})).toMatchObject({
      prefix: 'backoffice',
      pricingSchedule: 'cron(0 5 * * ? *)',
      logLevel: 'INFO',
    });
  });

  it('takes prefix, schedule, log level and origins from context', () => {
    const s = settingsFor({
      prefix: 'bo-staging',
      pricingSchedule: 'rate(6 hours)',
      logLevel: 'debug',
      siteOrigins: 'https://office.example.com, https://d1.cloudfront.net',
    });
    expect(s).toMatchObject({ prefix: 'bo-staging', pricingSchedule: 'rate(6 hours)', logLevel: 'DEBUG' });
    expect(s.siteOrigins).toEqual(['https://office.example.com', 'https://d1.cloudfront.net']);
  });

  it('takes the alarm topic’s email subscribers from alarmEmail (none by default)', () => {
    expect(settingsFor({}).alarmEmails).toEqual([]);
    expect(settingsFor({ alarmEmail: 'ops@example.com' }).alarmEmails).toEqual(['ops@example.com']);
    expect(settingsFor({ alarmEmail: 'ops@example.com, oncall@example.org' }).alarmEmails).toEqual([
      'ops@example.com',
      'oncall@example.org',
    ]);
    expect(() => settingsFor({ alarmEmail: 'ops@example' })).toThrow(/alarmEmail/);
    expect(() => settingsFor({ alarmEmail: 'ops@example.com,not-an-address' })).toThrow(/not-an-address/);
  });

  it('rejects malformed values', () => {
    expect(() => settingsFor({ prefix: 'Bad_Prefix' })).toThrow(/prefix/);
    expect(() => settingsFor({ pricingSchedule: 'daily' })).toThrow(/pricingSchedule/);
    expect(() => settingsFor({ logRetentionDays: 2 })).toThrow(/logRetentionDays/);
    expect(() => settingsFor({ logLevel: 'LOUD' })).toThrow(/logLevel/);
  });

  it('schedules the job with the configured expression', () => {
    const app = new App({ context: { pricingSchedule: 'rate(6 hours)', 'aws:cdk:bundling-stacks': [] } });
    const settings = readSettings(app.node);
    const jobs = new JobsStack(app, 'x-jobs', { settings, dataStack: new Stack(app, 'x-data') });
    Template.fromStack(jobs).hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(6 hours)' });
  });
});
