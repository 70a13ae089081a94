import { type ReactNode } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { ReceivablesRow } from '@bo/shared';
import { useCan } from '../../access/route-access';
import { useApiQuery } from '../../api/hooks';
import ListPageHeader from '../../components/ListPageHeader';
import { TableEmptyState, TableNoMatchState } from '../../components/table-states';
import { formatDay } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { useModals } from '../../modals/context';
import { formatUnits } from '../../format/counts';
import { usePaymentDialogs } from '../../components/payments/payment-dialogs';
import { STATEMENT_ACTIONS_TEXT, useStatementDialogs } from '../../components/statements/statement-dialogs';
import {
  ONE_ACTION_WIDTH,
  RECEIVABLES_COLUMNS,
  RECEIVABLES_TEXT,
  TOTAL_LABELS,
  type ReceivablesColumnId,
} from './receivables-config';
import { useProgressiveItems } from '../../components/use-progressive-items';

const EMPTY: ReceivablesRow[] = [];
const PAGE_SIZE = 50;

/**
 * `/receivables` (beyond the spec, issue 13): a row per customer with orders still owing, the balance aged in
 * buckets of 0–30, 31–60, 61–90 and over 90 days from the order date (`payments.receivables`, as of today),
 * the totals above. SALES and ADMIN record a payment from a row; a customer's name opens their orders. Whoever
 * may read statements (SALES, PAYROLL, ADMIN) downloads a row's statement, or every listed customer's in one zip.
 */
export default function ReceivablesPage() {
  const dialogs = usePaymentDialogs();
  const statements = useStatementDialogs();
  const { openModal } = useModals();
  const canViewOrders = useCan()('customers.getAllOrders');
  const query = useApiQuery('payments.receivables', {});
  const rows = query.data?.rows ?? EMPTY;

  const { items, actions, filteredItemsCount, collectionProps, filterProps, paginationProps } = useCollection(rows, {
    filtering: {
      filteringFunction: (row, text) => row.customerName.toLowerCase().includes(text.trim().toLowerCase()),
    },
    pagination: { pageSize: PAGE_SIZE },
    sorting: { defaultState: { sortingColumn: { sortingField: 'balanceDue' }, isDescending: true } },
  });
  const shownItems = useProgressiveItems(items);

  const cells: Record<ReceivablesColumnId, (row: ReceivablesRow) => ReactNode> = {
    customerName: (row) =>
      canViewOrders ? (
        <Link
          onFollow={() =>
            openModal('ViewCustomerOrders', { customerId: row.customerId, customerName: row.customerName })
          }
          ariaLabel={`View the orders of ${row.customerName}`}
        >
          {row.customerName}
        </Link>
      ) : (
        row.customerName
      ),
    openOrders: (row) => formatUnits(row.openOrders),
    balanceDue: (row) => <Box fontWeight="bold">{formatMoney(row.balanceDue)}</Box>,
    days0to30: (row) => formatMoney(row.days0to30),
    days31to60: (row) => formatMoney(row.days31to60),
    days61to90: (row) => formatMoney(row.days61to90),
    over90: (row) => (row.over90 > 0 ? <Box color="text-status-error">{formatMoney(row.over90)}</Box> : formatMoney(0)),
    oldestOrderDate: (row) => formatDay(row.oldestOrderDate),
    actions: (row) => (
      <SpaceBetween direction="horizontal" size="s">
        {dialogs.canRecord && (
          <Button
            variant="inline-link"
            wrapText={false}
            ariaLabel={`Record a payment from ${row.customerName}`}
            onClick={() => dialogs.recordPayment({ customerId: row.customerId })}
          >
            {RECEIVABLES_TEXT.record}
          </Button>
        )}
        {statements.canRead && (
          <Button
            variant="inline-link"
            wrapText={false}
            ariaLabel={STATEMENT_ACTIONS_TEXT.statementFor(row.customerName)}
            onClick={() => statements.openStatement(row)}
          >
            {STATEMENT_ACTIONS_TEXT.statement}
          </Button>
        )}
      </SpaceBetween>
    ),
  };
  const rowActions = dialogs.canRecord || statements.canRead;
  const columnDefinitions: TableProps.ColumnDefinition<ReceivablesRow>[] = RECEIVABLES_COLUMNS.filter(
    (c) => rowActions || !c.actionsOnly,
  ).map((c) => ({
    id: c.id,
    header: c.label ? <span aria-label={c.label}>{c.header}</span> : c.header,
    ariaLabel: c.label ? () => c.label! : undefined,
    cell: cells[c.id],
    sortingField: c.sortingField,
    isRowHeader: c.id === 'customerName',
    // The actions column holds what the role is offered: both links, or one (PAYROLL: Statement only).
    minWidth: c.id === 'actions' && !(dialogs.canRecord && statements.canRead) ? ONE_ACTION_WIDTH : c.width,
  }));

  const totals = query.data?.totals;
  const empty = query.isError ? (
    <TableEmptyState
      title={RECEIVABLES_TEXT.error}
      subtitle={query.error.message}
      action={<Button onClick={() => void query.refetch()}>Retry</Button>}
    />
  ) : filterProps.filteringText && rows.length > 0 ? (
    <TableNoMatchState onClearFilter={() => actions.setFiltering('')} />
  ) : (
    <TableEmptyState title={RECEIVABLES_TEXT.empty} subtitle={RECEIVABLES_TEXT.emptyDescription} />
  );

  return (
    <ContentLayout
      header={
        <ListPageHeader
          variant="h1"
          title={RECEIVABLES_TEXT.title}
          description={
            query.data
              ? `${RECEIVABLES_TEXT.description} As of ${formatDay(query.data.asOf)}.`
              : RECEIVABLES_TEXT.description
          }
          refresh={{ noun: 'receivables', loading: query.isRefetching, onRefresh: () => void query.refetch() }}
          actions={
            statements.canRead && (
              <Button disabled={rows.length === 0} onClick={() => statements.openBatch(rows)}>
                {STATEMENT_ACTIONS_TEXT.all}
              </Button>
            )
          }
        />
      }
    >
      <SpaceBetween size="l">
        <Container
          header={
            <Header variant="h2" description="Open balances of every customer, by age of the order.">
              Total balance due:{' '}
              <span data-testid="receivables-total">{totals ? formatMoney(totals.balanceDue) : '-'}</span>
            </Header>
          }
        >
          <div data-testid="receivables-totals">
            <KeyValuePairs
              columns={4}
              items={TOTAL_LABELS.map(([key, label]) => ({
                label,
                value: totals ? formatMoney(totals[key]) : '-',
              }))}
            />
          </div>
        </Container>
        <Table<ReceivablesRow>
          {...collectionProps}
          items={shownItems}
          empty={empty}
          columnDefinitions={columnDefinitions}
          trackBy="customerId"
          variant="container"
          stripedRows
          wrapLines={false}
          stickyColumns={{ first: 1, last: rowActions ? 1 : 0 }}
          enableKeyboardNavigation
          ariaLabels={{ tableLabel: 'Receivables by customer' }}
          loading={query.isPending}
          loadingText={RECEIVABLES_TEXT.loading}
          header={
            <Header
              variant="h2"
              counter={query.data ? `(${rows.length})` : undefined}
              description="Balance due by days since the order date."
            >
              Customers owing
            </Header>
          }
          filter={
            <TextFilter
              {...filterProps}
              filteringAriaLabel="Filter customers"
              filteringPlaceholder={RECEIVABLES_TEXT.filterPlaceholder}
              countText={filterProps.filteringText ? `${filteredItemsCount ?? 0} matches` : undefined}
            />
          }
          pagination={rows.length > PAGE_SIZE ? <Pagination {...paginationProps} /> : undefined}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
