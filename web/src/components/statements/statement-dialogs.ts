import { useMemo } from 'react';
import { useCan } from '../../access/route-access';
import { useModals } from '../../modals/context';

/** The words of the statement actions, wherever they are offered. */
export const STATEMENT_ACTIONS_TEXT = {
  statement: 'Statement',
  statementFor: (customerName: string) => `Statement for ${customerName}`,
  all: 'Statements for all',
} as const;

interface StatementCustomer {
  customerId: string;
  customerName: string;
}

/**
 * The statement dialogs by their registry names, for the screens that offer them (`pages/customers/statements/`
 * builds them). `canRead` follows the route table (`customers.getStatement`: SALES, PAYROLL and ADMIN).
 */
export function useStatementDialogs() {
  const { openModal } = useModals();
  const canRead = useCan()('customers.getStatement');
  return useMemo(
    () => ({
      canRead,
      openStatement: ({ customerId, customerName }: StatementCustomer) =>
        openModal('CustomerStatement', { customerId, customerName }),
      openBatch: (customers: readonly StatementCustomer[]) =>
        openModal('BatchStatements', {
          customers: customers.map(({ customerId, customerName }) => ({ customerId, customerName })),
        }),
    }),
    [openModal, canRead],
  );
}
