import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { byPendingChanges, type AllPricingUpdates, type CustomerPricingUpdates, type PricingUpdate } from '@bo/shared';
import { apiCall, errorMessage } from '../../api/client';
import { apiQueryKey, invalidateRoutes, useApiQuery } from '../../api/hooks';
import { useModals } from '../../modals/context';
import { useNotifications } from '../../notifications/notifications';
import { formatDateTime } from '../../format/dates';
import { CustomerUpdates, REFRESH_TEXT } from './CustomerUpdates';
import { priceCount, REFRESH_INVALIDATES, useRefreshSpin } from './RefreshCustomPricingModal';
import DialogNotifications from '../../notifications/DialogNotifications';

export type RefreshAllCustomPricingModalProps = Record<string, never>;

declare module '../../modals/context' {
  interface ModalPropsByName {
    RefreshAllCustomPricing: RefreshAllCustomPricingModalProps;
  }
}

const appliedKey = (customerId: string, u: Pick<PricingUpdate, 'productId' | 'newCustomPrice'>) =>
  `${customerId}/${u.productId}/${u.newCustomPrice}`;
const customersText = (n: number) => `${n} ${n === 1 ? 'customer has' : 'customers have'} pricing updates`;

/** Customers with pending updates, most first; updates applied in this dialog are left out. */
export function customersWithUpdates(
  data: AllPricingUpdates | undefined,
  applied: ReadonlySet<string>,
): CustomerPricingUpdates[] {
  return (data?.customers ?? [])
    .map((c) => ({
      ...c,
      personalizedPricingList: c.personalizedPricingList.filter((u) => !applied.has(appliedKey(c.customerId, u))),
    }))
    .filter((c) => c.personalizedPricingList.length > 0)
    .sort(byPendingChanges);
}

/**
 * Modal registry `RefreshAllCustomPricing` (spec section 2): how many customers have updates, a refresh button
 * (recomputes now), 'Update All Customers'; customers by number of pending changes, each opening into brands.
 * It opens on what the scheduled job stored ("Computed …").
 */
export default function RefreshAllCustomPricingModal({ onDismiss }: { onDismiss: () => void }) {
  const notify = useNotifications();
  const { openModal } = useModals();
  const queryClient = useQueryClient();
  const query = useApiQuery('customers.reRunPricingAll', {}, { staleTime: 0 });
  const [spinning, spin] = useRefreshSpin();
  const [recomputing, setRecomputing] = useState(false);
  const [recomputeError, setRecomputeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [applied, setApplied] = useState<ReadonlySet<string>>(new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  const customers = useMemo(() => customersWithUpdates(query.data, applied), [query.data, applied]);
  const total = customers.reduce((n, c) => n + c.personalizedPricingList.length, 0);

  const recompute = async () => {
    spin();
    setRecomputing(true);
    setRecomputeError(null);
    try {
      const fresh = await apiCall('customers.reRunPricingAll', { query: { refresh: 'true' } });
      queryClient.setQueryData(apiQueryKey('customers.reRunPricingAll', {}), fresh);
      setApplied(new Set());
    } catch (error) {
      console.error('Pricing refresh of all customers failed', error);
      setRecomputeError(errorMessage(error, 'Try again.'));
    } finally {
      setRecomputing(false);
    }
  };

  /** Applies one customer's updates; the number of prices updated. */
  const applyFor = async (customer: CustomerPricingUpdates, updates: PricingUpdate[]): Promise<number> => {
    const result = await apiCall('customers.updateBulkCustomPricing', {
      params: { customerId: customer.customerId },
      body: updates.map((u) => ({ productId: u.productId, newCustomPrice: u.newCustomPrice })),
    });
    setApplied((current) => {
      const next = new Set(current);
      for (const u of updates) next.add(appliedKey(customer.customerId, u));
      return next;
    });
    return result.updated;
  };

  const applyOne = async (customer: CustomerPricingUpdates, updates: PricingUpdate[], what: string) => {
    setBusy(true);
    try {
      const updated = await applyFor(customer, updates);
      notify.success(`${priceCount(updated)} updated for ${customer.customerName} (${what})`);
      await invalidateRoutes(
        queryClient,
        REFRESH_INVALIDATES.filter((r) => r !== 'customers.reRunPricingAll'),
      );
    } catch (error) {
      console.error('Custom pricing refresh failed', error);
      notify.error(`Prices were not updated for ${customer.customerName}. ${errorMessage(error, 'Try again.')}`);
    } finally {
      setBusy(false);
    }
  };

  const applyAll = () =>
    openModal('Confirmation', {
      title: REFRESH_TEXT.updateAllCustomers,
      message: `Apply ${priceCount(total)} to ${customers.length} ${customers.length === 1 ? 'customer' : 'customers'}?`,
      confirmLabel: REFRESH_TEXT.updateAllCustomers,
      onConfirm: async () => {
        setBusy(true);
        const progress = notify.inProgress(`Updating prices of ${customers.length} customers...`);
        let done = 0;
        let prices = 0;
        const failedNames: string[] = [];
        for (const customer of customers) {
          try {
            prices += await applyFor(customer, customer.personalizedPricingList);
            done += 1;
          } catch (error) {
            console.error(`Custom pricing refresh failed for ${customer.customerName}`, error);
            failedNames.push(customer.customerName);
          }
        }
        setBusy(false);
        await invalidateRoutes(
          queryClient,
          REFRESH_INVALIDATES.filter((r) => r !== 'customers.reRunPricingAll'),
        );
        if (failedNames.length === 0)
          notify.success(`${priceCount(prices)} updated for ${done} ${done === 1 ? 'customer' : 'customers'}`, {
            id: progress,
          });
        else
          notify.error(
            `Prices were not updated for ${failedNames.join(', ')}. ${done} other ${done === 1 ? 'customer was' : 'customers were'} updated.`,
            { id: progress },
          );
      },
    });

  const content = (() => {
    if (query.isPending) return <StatusIndicator type="loading">{REFRESH_TEXT.loading}</StatusIndicator>;
    if (query.isError)
      return (
        <Alert
          type="error"
          statusIconAriaLabel="Error"
          header={REFRESH_TEXT.loadError}
          action={<Button onClick={() => void query.refetch()}>Retry</Button>}
        >
          {errorMessage(query.error, 'Try again.')}
        </Alert>
      );
    if (customers.length === 0)
      return (
        <Box textAlign="center" color="text-body-secondary" padding="l">
          {REFRESH_TEXT.noUpdates}
        </Box>
      );
    return (
      <SpaceBetween size="s">
        {customers.map((customer) => {
          const n = customer.personalizedPricingList.length;
          const open = expanded.has(customer.customerId);
          return (
            <ExpandableSection
              key={customer.customerId}
              variant="container"
              headingTagOverride="h3"
              headerText={customer.customerName}
              headerCounter={`(${n})`}
              headerDescription={`${n} of ${customer.pricedCount} custom ${customer.pricedCount === 1 ? 'price' : 'prices'} to update`}
              headerAriaLabel={`${customer.customerName}, ${priceCount(n)} to update`}
              expanded={open}
              onChange={({ detail }) =>
                setExpanded((current) => {
                  const next = new Set(current);
                  if (detail.expanded) next.add(customer.customerId);
                  else next.delete(customer.customerId);
                  return next;
                })
              }
            >
              {open && (
                <CustomerUpdates
                  customerName={customer.customerName}
                  updates={customer.personalizedPricingList}
                  busy={busy}
                  expandBrands={false}
                  primary={false}
                  onApply={(updates, what) => applyOne(customer, updates, what)}
                />
              )}
            </ExpandableSection>
          );
        })}
      </SpaceBetween>
    );
  })();

  const generatedAt = query.data?.generatedAt;
  return (
    <Modal
      visible
      size="x-large"
      header={REFRESH_TEXT.allTitle}
      onDismiss={() => !busy && onDismiss()}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} disabled={busy}>
              Close
            </Button>
            <Button variant="primary" onClick={applyAll} disabled={busy || customers.length === 0} loading={busy}>
              {REFRESH_TEXT.updateAllCustomers}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <DialogNotifications />
      <SpaceBetween size="m">
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16 }}>
          <div aria-live="polite">
            <Box fontWeight="bold">{query.data ? customersText(customers.length) : ' '}</Box>
            <Box color="text-body-secondary" fontSize="body-s">
              {generatedAt ? `Computed ${formatDateTime(generatedAt)}` : query.data ? 'Not computed yet' : ''}
            </Box>
          </div>
          <Button
            iconName="refresh"
            ariaLabel="Recompute pricing updates of all customers"
            loading={spinning || recomputing || query.isFetching}
            disabled={busy}
            onClick={() => void recompute()}
          />
        </div>
        {recomputeError && (
          <Alert
            type="error"
            statusIconAriaLabel="Error"
            header={REFRESH_TEXT.loadError}
            dismissible
            onDismiss={() => setRecomputeError(null)}
          >
            {recomputeError}
          </Alert>
        )}
        {content}
      </SpaceBetween>
    </Modal>
  );
}
