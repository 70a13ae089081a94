import type { PayPeriod } from '@bo/shared';

/**
 * The payroll dialogs' props (spec section 2: CalculateCommission, ManageReimbursements), declared apart from
 * their components so pages open them by name without importing them. `month` is 1–12 (the API's).
 */
export interface PayrollUserPeriodProps {
  userId: string;
  year: number;
  month: number;
  payPeriod: PayPeriod;
}

export type CalculateCommissionModalProps = PayrollUserPeriodProps;
export type ManageReimbursementsModalProps = PayrollUserPeriodProps;

declare module '../../modals/context' {
  interface ModalPropsByName {
    CalculateCommission: CalculateCommissionModalProps;
    ManageReimbursements: ManageReimbursementsModalProps;
  }
}
