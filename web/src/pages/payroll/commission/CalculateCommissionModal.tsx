import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { periodLabel } from '@bo/shared';
import { apiCall, errorMessage } from '../../../api/client';
import { invalidateRoutes, useApiQuery } from '../../../api/hooks';
import { useCan } from '../../../access/route-access';
import { formatDateTime } from '../../../format/dates';
import { useGuardedClose } from '../../../components/close-guard';
import { useNotifications } from '../../../notifications/notifications';
import { monthName, PAYROLL_QUERY_ROUTES, periodParams } from '../payroll-routes';
import type { CalculateCommissionModalProps } from '../props';
import PagedOrdersTable from './PagedOrdersTable';
import { BulkButtons, CommissionSummary } from './CommissionSummary';
import { toBePaidColumns, unpaidColumns } from './commission-columns';
import { TO_BE_PAID_STICKY_LAST } from './commission-config';
import { useCommission } from './use-commission';
import './commission.css';

export const COMMISSION_TEXT = {
  loading: 'Loading orders...',
  loadError: (error: string) => `Error loading orders: ${error}`,
  noUnpaid: 'No completed orders found for this user in this pay period.',
  noneToPay: 'No orders added to pay period',
  saveFailed: 'Failed to save commission',
} as const;

/**
 * Calculate Commission (spec sections 2, 4, 5, 8, 9): a user's eligible orders in a pay period, moved between
 * Unpaid Orders and Orders To Be Paid, with adjusted costs and the rate; every figure comes from the shared
 * commission rules. Someone who may not write payroll (or a submitted period) sees it read-only.
 */
export default function CalculateCommissionModal(props: CalculateCommissionModalProps & { onDismiss: () => void }) {
  const { userId, year, month, payPeriod, onDismiss } = props;
  const can = useCan();
  const notify = useNotifications();
  const queryClient = useQueryClient();
  const user = useApiQuery('users.getById', { params: { id: userId } });
  const c = useCommission(props);
  const readOnly = !can('payroll.update') || c.drafts.data?.status === 'SUBMITTED' || c.costsHidden;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = useGuardedClose(!readOnly && c.dirty, busy, onDismiss);

  const save = async (close: boolean) => {
    if (busy || !c.ready) return;
    setBusy(true);
    setFailure(null);
    try {
      await apiCall('payroll.update', {
        params: { ...periodParams(year, month, payPeriod), userId },
        body: c.body(),
      });
      c.markSaved();
      notify.success(`Commission saved for ${user.data?.name ?? 'the user'}.`);
      await invalidateRoutes(
        queryClient,
        PAYROLL_QUERY_ROUTES.filter((r) => r !== 'payroll.getEligibleOrders'),
      );
      if (close) onDismiss();
    } catch (error) {
      console.error('Commission save failed', error);
      setFailure(errorMessage(error, 'Try again.'));
    } finally {
      setBusy(false);
    }
  };

  const loadError = c.eligible.error ?? c.drafts.error;
  const lastSaved = c.drafts.data?.lastSaved;
  const title = `Calculate Commission: ${user.data?.name ?? ''} ${monthName(month)} ${year} ${periodLabel(payPeriod)}`;

  return (
    <Modal
      visible
      size="max"
      onDismiss={close}
      header={
        <Header description={`Last saved: ${lastSaved ? formatDateTime(lastSaved) : 'Never'}`}>
          {title.replace(/\s+/g, ' ')}
        </Header>
      }
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            {failure !== null && (
              <StatusIndicator type="error">
                {COMMISSION_TEXT.saveFailed}: {failure}
              </StatusIndicator>
            )}
            <Button variant="link" onClick={close} disabled={busy}>
              Close
            </Button>
            {!readOnly && (
              <>
                <Button
                  iconName="upload"
                  ariaLabel="Save"
                  disabled={!c.ready}
                  loading={busy}
                  onClick={() => void save(false)}
                />
                <Button variant="primary" disabled={!c.ready} loading={busy} onClick={() => void save(true)}>
                  Save to Payroll
                </Button>
              </>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      {loadError ? (
        <Alert type="error" statusIconAriaLabel="Error">
          {COMMISSION_TEXT.loadError(errorMessage(loadError, loadError.message))}
        </Alert>
      ) : !c.ready ? (
        <StatusIndicator type="loading">{COMMISSION_TEXT.loading}</StatusIndicator>
      ) : (
        <SpaceBetween size="l">
          {readOnly && (
            <Alert type="info" statusIconAriaLabel="Info">
              Read-only:{' '}
              {c.drafts.data?.status === 'SUBMITTED'
                ? 'this pay period is submitted.'
                : 'your commission as saved by payroll.'}
            </Alert>
          )}
          <ExpandableSection
            variant="container"
            defaultExpanded
            // An 8 px inset (commission.css) for 20 px: 24 px more for Orders To Be Paid's eleven columns.
            disableContentPaddings
            headerText={`Unpaid Orders (${c.unpaid.length})`}
            headerActions={readOnly ? undefined : <BulkButtons rows={c.unpaid} verb="Add" onMove={c.add} />}
          >
            <div className="commission-orders">
              <PagedOrdersTable
                ariaLabel="Unpaid orders"
                items={c.unpaid}
                columnDefinitions={unpaidColumns(c.rate, readOnly ? null : (r) => c.add([r]))}
                empty={<Box textAlign="center">{COMMISSION_TEXT.noUnpaid}</Box>}
              />
            </div>
          </ExpandableSection>
          <ExpandableSection
            variant="container"
            defaultExpanded
            // An 8 px inset (commission.css) for 20 px: 24 px more for Orders To Be Paid's eleven columns.
            disableContentPaddings
            headerText={`Orders To Be Paid (${c.toBePaid.length})`}
            headerActions={readOnly ? undefined : <BulkButtons rows={c.toBePaid} verb="Remove" onMove={c.remove} />}
          >
            <div className="commission-orders">
              <PagedOrdersTable
                ariaLabel="Orders to be paid"
                stickyLast={TO_BE_PAID_STICKY_LAST}
                items={c.toBePaid}
                columnDefinitions={toBePaidColumns(
                  c.rate,
                  readOnly ? null : { onRemove: (r) => c.remove([r]), onCost: c.setCost },
                )}
                empty={<Box textAlign="center">{COMMISSION_TEXT.noneToPay}</Box>}
              />
            </div>
          </ExpandableSection>
          <CommissionSummary
            totals={c.totals}
            rate={c.rate}
            onRate={c.setRate}
            readOnly={readOnly}
            costsHidden={c.costsHidden}
          />
        </SpaceBetween>
      )}
    </Modal>
  );
}
