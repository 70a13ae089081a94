/** Payroll and commission (issue 14), as the handlers use them. */
export type { PaidOrderClaimItem, PayrollPeriodItem, PayrollRowItem } from './entity';
export { paidOrderClaimEntity, payrollPeriodEntity, payrollRowEntity } from './entity';
export { getDraftPaidOrders, getPeriod, listEligibleOrders, listPeriods } from './reads';
export { deletePeriod, savePaidOrders, saveReimbursements, saveRow, submitPeriod } from './writes';
