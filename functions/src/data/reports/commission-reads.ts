import {
  PAY_PERIODS,
  periodBounds,
  periodKey,
  toDollars,
  type CommissionFigures,
  type CommissionReport,
  type PeriodRef,
} from '@bo/shared';
import { batchGet } from '../core';
import { mapLimit } from '../map-limit';
import { readPeriodWhole } from '../payroll/reads';
import { userEntity } from '../users/entity';

/**
 * Commission by rep and pay period over a year (issue 25). The pay periods are themselves the aggregate: each
 * period's partition holds a row per user with the commission its saved paid orders add up to, so a year is 24
 * Queries of a few rows each (and one BatchGet of the reps' names), whatever the number of orders behind them.
 */

const figures = (cents: number, ordersPaid: number): CommissionFigures => ({
  commission: toDollars(cents),
  ordersPaid,
});

export async function readCommissionReport(year: number): Promise<CommissionReport> {
  const refs: PeriodRef[] = Array.from({ length: 12 }, (_, m) =>
    PAY_PERIODS.map((payPeriod) => ({ year, month: m + 1, payPeriod })),
  ).flat();
  const wholes = await mapLimit(refs, 8, (ref) => readPeriodWhole(ref));
  const byRep = new Map<string, { cents: number[]; orders: number[] }>();
  wholes.forEach(({ rows }, i) => {
    for (const row of rows) {
      const cents = row.commissionCents ?? 0;
      const orders = row.ordersPaid ?? 0;
      if (cents === 0 && orders === 0) continue;
      const rep = byRep.get(row.userId) ?? { cents: refs.map(() => 0), orders: refs.map(() => 0) };
      rep.cents[i]! += cents;
      rep.orders[i]! += orders;
      byRep.set(row.userId, rep);
    }
  });
  const users = byRep.size
    ? await batchGet(
        userEntity,
        [...byRep.keys()].map((id) => ({ id })),
      )
    : [];
  const names = new Map(users.map((u) => [u.id, u.name]));
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  const reps = [...byRep.entries()]
    .map(([userId, r]) => ({
      userId,
      name: names.get(userId) ?? userId,
      cents: sum(r.cents),
      total: figures(sum(r.cents), sum(r.orders)),
      byPeriod: r.cents.map((c, i) => figures(c, r.orders[i]!)),
    }))
    .sort((a, b) => b.cents - a.cents || a.name.localeCompare(b.name, 'en-US'))
    .map(({ cents: _cents, ...rep }) => rep);
  const periodCents = refs.map((_, i) => sum([...byRep.values()].map((r) => r.cents[i]!)));
  const periodOrders = refs.map((_, i) => sum([...byRep.values()].map((r) => r.orders[i]!)));
  return {
    year,
    periods: refs.map((ref, i) => {
      const { first, last } = periodBounds(ref);
      const header = wholes[i]!.header;
      return {
        key: periodKey(ref),
        from: first,
        to: last,
        status: header?.status ?? null,
        ...(header?.submittedAt ? { submittedAt: header.submittedAt } : {}),
      };
    }),
    reps,
    total: figures(sum(periodCents), sum(periodOrders)),
    byPeriod: periodCents.map((c, i) => figures(c, periodOrders[i]!)),
  };
}
