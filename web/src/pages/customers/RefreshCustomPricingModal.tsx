import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { PricingUpdate } from '@bo/shared';
import { apiCall, errorMessage } from '../../api/client';
import { invalidateRoutes, useApiQuery } from '../../api/hooks';
import { useNotifications } from '../../notifications/notifications';
import { CustomerUpdates, REFRESH_SPIN_MS, REFRESH_TEXT } from './CustomerUpdates';
import DialogNotifications from '../../notifications/DialogNotifications';

export interface RefreshCustomPricingModalProps {
  customerId: string;
  customerName: string;
}

declare module '../../modals/context' {
  interface ModalPropsByName {
    RefreshCustomPricing: RefreshCustomPricingModalProps;
  }
}

/** What applying refresh updates makes stale. */
export const REFRESH_INVALIDATES = [
  'customers.reRunPricing',
  'customers.reRunPricingAll',
  'customers.getCustomPricing',
  'customers.getAll',
  'customers.getByID',
  'customers.getAllWithCustomPricing',
  'products.getByBrandIDForCustomer',
  'products.getByTypeIDForCustomer',
] as const;

export const priceCount = (n: number) => `${n} ${n === 1 ? 'price' : 'prices'}`;

/** A refresh button that spins at least REFRESH_SPIN_MS after a click (spec section 9). */
export function useRefreshSpin(): [boolean, () => void] {
  const [spinning, setSpinning] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const spin = () => {
    clearTimeout(timer.current);
    setSpinning(true);
    timer.current = setTimeout(() => setSpinning(false), REFRESH_SPIN_MS);
  };
  return [spinning, spin];
}

/**
 * Modal registry `RefreshCustomPricing` (spec section 2): one customer's pending price updates, grouped by
 * brand, with Update All, Update Selected and 'Update All Brands'; applied through updateBulkCustomPricing.
 */
export default function RefreshCustomPricingModal({
  customerId,
  customerName,
  onDismiss,
}: RefreshCustomPricingModalProps & { onDismiss: () => void }) {
  const notify = useNotifications();
  const queryClient = useQueryClient();
  const query = useApiQuery('customers.reRunPricing', { params: { customerId } }, { staleTime: 0 });
  const [spinning, spin] = useRefreshSpin();
  const [busy, setBusy] = useState(false);

  const apply = async (updates: PricingUpdate[], what: string) => {
    if (updates.length === 0) return;
    setBusy(true);
    try {
      // The pricing entries go as they came (the route takes them as they are).
      const result = await apiCall('customers.updateBulkCustomPricing', { params: { customerId }, body: updates });
      notify.success(`${priceCount(result.updated)} updated for ${customerName} (${what})`);
      await invalidateRoutes(queryClient, [...REFRESH_INVALIDATES]);
    } catch (error) {
      console.error('Custom pricing refresh failed', error);
      notify.error(`Prices were not updated for ${customerName}. ${errorMessage(error, 'Try again.')}`, {
        retry: () => void apply(updates, what),
      });
    } finally {
      setBusy(false);
    }
  };

  const data = query.data;
  const content = (() => {
    if (query.isPending) return <StatusIndicator type="loading">{REFRESH_TEXT.loading}</StatusIndicator>;
    if (query.isError || !data)
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
    if (data.pricedCount === 0)
      return (
        <Box textAlign="center" color="text-body-secondary" padding="l">
          {REFRESH_TEXT.noData}
        </Box>
      );
    if (data.personalizedPricingList.length === 0)
      return (
        <Box textAlign="center" color="text-body-secondary" padding="l">
          {REFRESH_TEXT.noUpdates}
        </Box>
      );
    return (
      <CustomerUpdates
        customerName={customerName}
        updates={data.personalizedPricingList}
        busy={busy}
        expandBrands
        onApply={apply}
      />
    );
  })();

  return (
    <Modal
      visible
      size="x-large"
      header={`${REFRESH_TEXT.title}: ${customerName}`}
      onDismiss={() => !busy && onDismiss()}
      footer={
        <Box float="right">
          <Button variant="link" onClick={onDismiss} disabled={busy}>
            Close
          </Button>
        </Box>
      }
    >
      <DialogNotifications />
      <SpaceBetween size="m">
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16 }}>
          <Box color="text-body-secondary">
            {data && data.pricedCount > 0
              ? `${data.personalizedPricingList.length} of ${data.pricedCount} custom ${data.pricedCount === 1 ? 'price' : 'prices'} to update`
              : 'Prices proposed from today’s base prices and costs.'}
          </Box>
          <Button
            iconName="refresh"
            ariaLabel="Refresh pricing updates"
            loading={spinning || query.isFetching}
            onClick={() => {
              spin();
              void query.refetch();
            }}
          />
        </div>
        {content}
      </SpaceBetween>
    </Modal>
  );
}
