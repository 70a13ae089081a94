import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { Payment } from '@bo/shared';
import { useCan } from '../../access/route-access';
import { useApiQuery } from '../../api/hooks';
import { TableEmptyState } from '../table-states';
import { formatDay } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { AppliedOrdersCell, EditPaymentButton, PaymentAmountCell, paymentMethodText } from './payment-cells';
import { PAYMENT_ACTIONS_TEXT, usePaymentDialogs } from './payment-dialogs';
import { STATEMENT_ACTIONS_TEXT, useStatementDialogs } from '../statements/statement-dialogs';

export interface CustomerPaymentsSectionProps {
  customerId: string;
  customerName: string;
}

export const CUSTOMER_PAYMENTS_TEXT = {
  title: 'Payments',
  empty: 'No payments recorded for this customer.',
  error: 'Error loading payments',
  credit: 'Available credit',
} as const;

const PAGE_SIZE = 10;
const EMPTY: Payment[] = [];

/**
 * A customer's payments (`payments.getByCustomer`, newest first) and available credit
 * (`customers.getAvailableCredit`), with 'Record payment' (AddPayment for this customer) and Edit on each
 * payment for SALES and ADMIN, and the customer's Statement (PDF or Excel) for those who may read it. Shown inside
 * the customer's View Orders dialog.
 */
export default function CustomerPaymentsSection({ customerId, customerName }: CustomerPaymentsSectionProps) {
  const can = useCan();
  const dialogs = usePaymentDialogs();
  const statements = useStatementDialogs();
  const readable = can('payments.getByCustomer');
  const payments = useApiQuery('payments.getByCustomer', { params: { customerId } }, { enabled: readable });
  const credit = useApiQuery(
    'customers.getAvailableCredit',
    { params: { customerId } },
    { enabled: can('customers.getAvailableCredit') },
  );
  const { items, collectionProps, paginationProps } = useCollection(payments.data ?? EMPTY, {
    pagination: { pageSize: PAGE_SIZE },
    sorting: { defaultState: { sortingColumn: { sortingField: 'paymentDate' }, isDescending: true } },
  });
  if (!readable) return null;
  const list = payments.data ?? EMPTY;

  const columns: TableProps.ColumnDefinition<Payment>[] = [
    {
      id: 'paymentDate',
      header: 'Date',
      cell: (p) => formatDay(p.paymentDate),
      sortingField: 'paymentDate',
      isRowHeader: true,
    },
    { id: 'paymentMethod', header: 'Method', cell: paymentMethodText, sortingField: 'paymentMethod' },
    { id: 'amount', header: 'Amount', cell: (p) => <PaymentAmountCell payment={p} />, sortingField: 'amount' },
    { id: 'orders', header: 'Applied to', cell: (p) => <AppliedOrdersCell payment={p} /> },
    {
      id: 'customerCreditDeducted',
      header: 'Credit used',
      cell: (p) => formatMoney(p.customerCreditDeducted),
      sortingField: 'customerCreditDeducted',
    },
    {
      id: 'customerCreditAdded',
      header: 'Credit added',
      cell: (p) => formatMoney(p.customerCreditAdded),
      sortingField: 'customerCreditAdded',
    },
    { id: 'notes', header: 'Notes', cell: (p) => p.notes || '-' },
    ...(dialogs.canEdit
      ? [
          {
            id: 'actions',
            header: 'Actions',
            cell: (p: Payment) => <EditPaymentButton payment={p} onEdit={dialogs.editPayment} />,
          },
        ]
      : []),
  ];

  return (
    <Table<Payment>
      {...collectionProps}
      variant="container"
      contentDensity="compact"
      items={items}
      trackBy="id"
      columnDefinitions={columns}
      ariaLabels={{ tableLabel: `Payments of ${customerName}` }}
      loading={payments.isPending}
      loadingText="Loading payments"
      header={
        <SpaceBetween size="xs">
          <Header
            variant="h2"
            counter={payments.data ? `(${list.length})` : undefined}
            actions={
              statements.canRead || dialogs.canRecord ? (
                <SpaceBetween direction="horizontal" size="xs">
                  {statements.canRead && (
                    <Button onClick={() => statements.openStatement({ customerId, customerName })}>
                      {STATEMENT_ACTIONS_TEXT.statement}
                    </Button>
                  )}
                  {dialogs.canRecord && (
                    <Button onClick={() => dialogs.recordPayment({ customerId })}>{PAYMENT_ACTIONS_TEXT.record}</Button>
                  )}
                </SpaceBetween>
              ) : undefined
            }
          >
            {CUSTOMER_PAYMENTS_TEXT.title}
          </Header>
          {credit.data && (
            <div data-testid="customer-credit">
              <KeyValuePairs
                items={[
                  {
                    label: CUSTOMER_PAYMENTS_TEXT.credit,
                    value: <Box fontWeight="bold">{formatMoney(credit.data.creditAvailable)}</Box>,
                  },
                ]}
              />
            </div>
          )}
        </SpaceBetween>
      }
      empty={
        payments.isError ? (
          <TableEmptyState
            title={CUSTOMER_PAYMENTS_TEXT.error}
            subtitle={payments.error.message}
            action={<Button onClick={() => void payments.refetch()}>Retry</Button>}
          />
        ) : (
          <TableEmptyState title={CUSTOMER_PAYMENTS_TEXT.empty} />
        )
      }
      pagination={list.length > PAGE_SIZE ? <Pagination {...paginationProps} /> : undefined}
    />
  );
}
