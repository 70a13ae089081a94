import {
  MAX_RECEIVABLE_MONTHS,
  RECEIVABLES_TOTAL,
  RECEIVABLES_TOTAL_MONTHS,
  addMonths,
  dsoByMonth,
  monthsBetween,
  receivableMovesOf,
  receivablesReportMessages,
  sumMoves,
  toDollars,
  type ReceivablesReport,
  type ReceivablesReportQuery,
} from '@bo/shared';
import { BadRequestError } from '../../domain';
import { batchGet } from '../core';
import { getReceivables } from '../payments/reads';
import { todayUtc } from '../range-bounds';
import { salesCellEntity } from './entity';
import { SHARDED_TOTAL_KIND, readReportState, recentExcludedBrandIds, reportStatus } from './state';

/**
 * The receivables report (issue 25): the ageing today (the Receivables page's: one Query of the orders that owe)
 * and DSO by month from the receivables cells: one BatchGet of each month from `from` through this one (at most
 * 120 months back) and of every shard of the running total (RECEIVABLES_TOTAL_SHARDS, added up), whatever the
 * number of orders and payments. Figures built before the total was split (`kinds` below SHARDED_TOTAL_KIND: a
 * rebuild is under way) hold it in one cell, read beside the shards the stream has added to since.
 */
export async function readReceivablesReport(q: ReceivablesReportQuery): Promise<ReceivablesReport> {
  const today = todayUtc();
  const current = today.slice(0, 7);
  const to = q.to ?? current;
  const from = q.from ?? addMonths(`${to}-01`, -11).slice(0, 7);
  const earliest = addMonths(`${current}-01`, -(MAX_RECEIVABLE_MONTHS - 1)).slice(0, 7);
  if (to > current) throw new BadRequestError(receivablesReportMessages.future(current));
  // A lone `from` after this month (the schema compares from and to when both are sent).
  if (from > to) throw new BadRequestError('from must not be after to');
  if (from < earliest) throw new BadRequestError(receivablesReportMessages.tooFarBack(MAX_RECEIVABLE_MONTHS, earliest));

  const [state, excludedNow, ageing] = await Promise.all([
    readReportState(),
    recentExcludedBrandIds(),
    getReceivables(today),
  ]);
  const { lastRebuild: _last, ...build } = await reportStatus(state, excludedNow);
  const gen = state?.active ?? 0;
  const read = monthsBetween(from, current);
  const totals = [
    ...RECEIVABLES_TOTAL_MONTHS,
    ...((state?.kinds ?? 1) < SHARDED_TOTAL_KIND ? [RECEIVABLES_TOTAL] : []),
  ];
  const cells = gen
    ? await batchGet(
        salesCellEntity,
        [...read, ...totals].map((month) => ({
          gen,
          month,
          scope: 'receivables',
          gran: 'M' as const,
          key: '*',
          slot: '-',
        })),
      )
    : [];
  const isTotal = new Set(totals);
  const byMonth = new Map(cells.filter((c) => !isTotal.has(c.month)).map((c) => [c.month, receivableMovesOf(c)]));
  const all = sumMoves(cells.filter((c) => isTotal.has(c.month)).map((c) => receivableMovesOf(c)));
  const months = dsoByMonth(
    monthsBetween(from, to),
    all,
    byMonth,
    read.filter((m) => m > to),
  );
  return {
    from,
    to,
    ageing: { asOf: ageing.asOf, customers: ageing.rows.length, ...ageing.totals },
    months: months.map((m) => ({
      month: m.month,
      invoiced: toDollars(m.invoiced),
      received: toDollars(m.received),
      credited: toDollars(m.credited),
      balance: toDollars(m.balance),
      dso: m.dso,
    })),
    build,
  };
}
