import { useMemo, useState } from 'react';
import {
  canSeeCosts,
  clampRate,
  commissionTotals,
  orderCommission,
  toCents,
  toDollars,
  type Cents,
  type PaidOrdersBody,
} from '@bo/shared';
import { useApiQuery } from '../../../api/hooks';
import { useSession } from '../../../auth/session';
import type { PayrollUserPeriodProps } from '../props';
import { commissionParams } from '../payroll-routes';
import { toCommissionRow, type CommissionRow } from './commission-rows';

interface Draft {
  /** The order ids in the to-be-paid list, in the order they were added. */
  toBePaid: string[];
  /** Adjusted costs by order id (absent: the order's own cost). */
  costs: Record<string, Cents>;
  rate: number;
}

/**
 * The Calculate Commission dialog's data and edits: the eligible orders and the saved draft are read once; from
 * then on the lists, the adjusted costs and the rate are local until saved (a refetch after a save does not
 * reset them).
 */
export function useCommission({ userId, year, month, payPeriod }: PayrollUserPeriodProps) {
  const params = commissionParams(year, month, payPeriod, userId);
  const eligible = useApiQuery('payroll.getEligibleOrders', { params });
  const drafts = useApiQuery('payroll.getDraftPaidOrders', { params });
  const [draft, setDraft] = useState<Draft | null>(null);
  /** The draft as last loaded or saved: Close asks first when the lists, costs or rate differ from it. */
  const [baseline, setBaseline] = useState<Draft | null>(null);

  if (!draft && eligible.data && drafts.data) {
    const costs: Record<string, Cents> = {};
    // `adjustedCost` is absent (not null) when the API strips cost for the reader's roles.
    for (const p of drafts.data.paidOrders)
      if (typeof p.adjustedCost === 'number') costs[p.orderId] = toCents(p.adjustedCost);
    const loaded = {
      toBePaid: eligible.data.filter((o) => o.inThisPeriod).map((o) => o.orderId),
      costs,
      rate: clampRate(drafts.data.commissionRate),
    };
    setDraft(loaded);
    setBaseline(loaded);
  }

  const saved = useMemo(
    () => new Map((drafts.data?.paidOrders ?? []).map((p) => [p.orderId, toCents(p.commission)])),
    [drafts.data],
  );
  const seesCosts = canSeeCosts(useSession().roles);
  const rows = useMemo(
    () =>
      (eligible.data ?? []).map((o) =>
        toCommissionRow(o, draft?.costs[o.orderId] ?? null, saved.get(o.orderId) ?? null, seesCosts),
      ),
    [eligible.data, draft?.costs, saved, seesCosts],
  );
  const byId = useMemo(() => new Map(rows.map((r) => [r.orderId, r])), [rows]);
  const chosen = new Set(draft?.toBePaid ?? []);
  const unpaid = rows.filter((r) => !chosen.has(r.orderId));
  const toBePaid = (draft?.toBePaid ?? []).flatMap((id) => byId.get(id) ?? []);
  const rate = draft?.rate ?? clampRate(null);
  const totals = commissionTotals(toBePaid, rate);
  const costsHidden = rows.some((r) => r.costHidden);
  if (costsHidden) totals.commission = toBePaid.reduce((sum, r) => sum + (r.savedCommission ?? 0), 0);

  const update = (change: (d: Draft) => Draft) => setDraft((d) => (d ? change(d) : d));

  return {
    eligible,
    drafts,
    ready: draft !== null,
    dirty: draft !== baseline && !sameDraft(draft, baseline),
    /** After a save: what is on screen is what is saved. */
    markSaved: () => setBaseline(draft),
    unpaid,
    toBePaid,
    rate,
    totals,
    /** Cost was left out of the answer (a role that may not see it): only order values and saved commission. */
    costsHidden,
    add: (items: CommissionRow[]) =>
      update((d) => ({ ...d, toBePaid: [...d.toBePaid, ...items.map((r) => r.orderId)] })),
    remove: (items: CommissionRow[]) => {
      const gone = new Set(items.map((r) => r.orderId));
      update((d) => ({ ...d, toBePaid: d.toBePaid.filter((id) => !gone.has(id)) }));
    },
    /** A cost of at least 0 (spec section 5); null is Reset Cost. */
    setCost: (orderId: string, cost: Cents | null) =>
      update((d) => {
        const costs = { ...d.costs };
        if (cost === null) delete costs[orderId];
        else costs[orderId] = Math.max(0, cost);
        return { ...d, costs };
      }),
    setRate: (next: number) => update((d) => ({ ...d, rate: clampRate(next) })),
    /** The `payroll.update` body: each order to be paid, its adjusted cost and its commission, in dollars. */
    body: (): PaidOrdersBody => ({
      paidOrders: toBePaid.map((r) => ({
        orderId: r.orderId,
        orderNum: r.orderNum,
        adjustedCost: r.adjustedCost === null ? null : toDollars(r.adjustedCost),
        commission: toDollars(orderCommission(r, rate)),
      })),
      commissionRate: rate,
    }),
  };
}

function sameDraft(a: Draft | null, b: Draft | null): boolean {
  if (!a || !b) return a === b;
  const costs = (d: Draft) => JSON.stringify(Object.entries(d.costs).sort(([x], [y]) => x.localeCompare(y)));
  return a.rate === b.rate && [...a.toBePaid].sort().join() === [...b.toBePaid].sort().join() && costs(a) === costs(b);
}

export type CommissionState = ReturnType<typeof useCommission>;
