import {
  adjacentPeriod,
  commissionOrderOf,
  orderCommission,
  periodOf,
  toDollars,
  type EligibleOrder,
  type PeriodRef,
} from '@bo/shared';
import {
  getPeriod,
  listEligibleOrders,
  listPeriods,
  listUsers,
  saveReimbursements,
  savePaidOrders,
  saveRow,
  submitPeriod,
  type Actor,
} from '@bo/functions/data';

/**
 * Demo payroll (issue 14), written through the data layer the handlers use: last pay period submitted
 * (Sam Sales hourly with commission on half of his eligible orders at 20 %, a bonus and a reimbursement;
 * Dora Driver salaried) and the current one as a draft (Sam's hours and commission on two more orders).
 * Seeds only when no period exists, so kept data is left alone.
 */

const RATE = 0.2;

const paid = (orders: readonly EligibleOrder[]) =>
  orders.map((o) => ({
    orderId: o.orderId,
    orderNum: o.orderNum,
    adjustedCost: null,
    commission: toDollars(orderCommission(commissionOrderOf(o), RATE)),
  }));

export async function seedPayroll(actor: Actor, today = new Date()): Promise<{ periods: number; ms: number }> {
  const started = Date.now();
  if ((await listPeriods()).length > 0) return { periods: 0, ms: 0 };
  const users = await listUsers();
  const sam = users.find((u) => u.name === 'Sam Sales');
  const dora = users.find((u) => u.name === 'Dora Driver');
  if (!sam) return { periods: 0, ms: 0 };
  const current: PeriodRef = periodOf(today.toISOString());
  const last = adjacentPeriod(current, -1);

  const earlier = await listEligibleOrders(last, sam.id);
  const firstHalf = earlier.slice(0, Math.ceil(earlier.length / 2));
  if (firstHalf.length > 0)
    await savePaidOrders(last, sam.id, { paidOrders: paid(firstHalf), commissionRate: RATE }, actor);
  await saveRow(last, sam.id, { payType: 'HOURLY', baseRate: 25, hoursWorked: 80, bonus: 150 }, actor);
  await saveReimbursements(last, sam.id, [{ description: 'Client lunch', amount: 48.5 }], actor);
  if (dora) await saveRow(last, dora.id, { payType: 'SALARY', baseRate: 1800, hoursWorked: 0, bonus: 0 }, actor);
  await submitPeriod(last, { users: (await getPeriod(last)).users }, actor);

  const now = (await listEligibleOrders(current, sam.id)).filter((o) => !o.inThisPeriod).slice(0, 2);
  await saveRow(current, sam.id, { payType: 'HOURLY', baseRate: 25, hoursWorked: 36, bonus: 0 }, actor);
  if (now.length > 0) await savePaidOrders(current, sam.id, { paidOrders: paid(now), commissionRate: RATE }, actor);
  return { periods: 2, ms: Date.now() - started };
}
