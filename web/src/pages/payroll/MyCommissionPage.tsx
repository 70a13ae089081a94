import { useState } from 'react';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { periodLabel, toCents, toDollars, type DraftPaidOrders, type PeriodRef } from '@bo/shared';
import { errorMessage } from '../../api/client';
import { useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import { formatDateTime } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { useModals } from '../../modals/context';
import PeriodPicker from './PeriodPicker';
import { commissionParams, currentPeriod, monthName } from './payroll-routes';

/**
 * My commission (`/commission`): anyone sees what payroll saved of their commission for a pay period (status,
 * orders paid, commission) and opens their own Calculate Commission; it is read-only unless they write payroll
 * (the API answers only their own orders).
 */
export default function MyCommissionPage() {
  const { userId } = useSession();
  const { openModal } = useModals();
  const [period, setPeriod] = useState<PeriodRef>(() => currentPeriod());
  const saved = useApiQuery('payroll.getDraftPaidOrders', {
    params: commissionParams(period.year, period.month, period.payPeriod, userId),
  });
  return (
    <ContentLayout header={<Header variant="h1">My commission</Header>}>
      <Container header={<Header variant="h2">Pay period</Header>}>
        <SpaceBetween size="l">
          <PeriodPicker value={period} onChange={setPeriod} />
          <Header variant="h3">{`${monthName(period.month)} ${period.year} ${periodLabel(period.payPeriod)}`}</Header>
          {saved.isPending ? (
            <StatusIndicator type="loading">Loading commission</StatusIndicator>
          ) : saved.isError ? (
            <StatusIndicator type="error">
              {errorMessage(saved.error, 'Failed to load your commission')}
            </StatusIndicator>
          ) : (
            <CommissionFigures saved={saved.data} />
          )}
          <Button variant="primary" onClick={() => openModal('CalculateCommission', { userId, ...period })}>
            Open my commission
          </Button>
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}

function CommissionFigures({ saved }: { saved: DraftPaidOrders }) {
  const commission = toDollars(saved.paidOrders.reduce((sum, p) => sum + toCents(p.commission), 0));
  const status =
    saved.status === 'SUBMITTED' ? (
      <StatusIndicator type="success">Submitted</StatusIndicator>
    ) : saved.lastSaved ? (
      <StatusIndicator type="info">Draft</StatusIndicator>
    ) : (
      <StatusIndicator type="stopped">Nothing saved yet</StatusIndicator>
    );
  return (
    <KeyValuePairs
      columns={4}
      items={[
        { label: 'Payroll status', value: <span data-testid="my-commission-status">{status}</span> },
        { label: 'Orders paid', value: <span data-testid="my-commission-orders">{saved.paidOrders.length}</span> },
        { label: 'Commission', value: <span data-testid="my-commission-total">{formatMoney(commission)}</span> },
        { label: 'Last saved', value: saved.lastSaved ? formatDateTime(saved.lastSaved) : 'Never' },
      ]}
    />
  );
}
