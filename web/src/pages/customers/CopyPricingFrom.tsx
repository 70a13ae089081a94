import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { apiCall } from '../../api/client';
import { invalidateRoutes, useApiQuery } from '../../api/hooks';
import { useModals } from '../../modals/context';
import { useNotifications } from '../../notifications/notifications';
import { countText } from '../../format/counts';

export const COPY_FROM_LABEL = 'Copy Pricing From...';

/** The routes whose answers hold a customer's prices. */
export const PRICE_ROUTES = [
  'customers.getCustomPricing',
  'customers.getAll',
  'customers.getByID',
  'customers.getAllWithCustomPricing',
  'customers.reRunPricing',
  'products.getByBrandIDForCustomer',
  'products.getByTypeIDForCustomer',
] as const;

interface CopyPricingFromProps {
  customerId: string;
  customerName: string;
  /** Unsaved edits in the dialog: the confirmation says they are discarded. */
  unsavedChanges: number;
  /** After a copy: the dialog drops its unsaved edits. */
  onCopied: () => void;
}

/** 'Copy Pricing From...': another customer with custom prices, and Import (after a confirmation). */
export default function CopyPricingFrom({ customerId, customerName, unsavedChanges, onCopied }: CopyPricingFromProps) {
  const { openModal } = useModals();
  const notify = useNotifications();
  const queryClient = useQueryClient();
  const customers = useApiQuery('customers.getAll', {});
  const [copyFrom, setCopyFrom] = useState<SelectProps.Option | null>(null);

  const options: SelectProps.Option[] = (customers.data ?? [])
    .filter((c) => c.id !== customerId)
    .map((c) => ({
      value: c.id,
      label: c.customerName,
      description: countText(c.customPricingCount, 'custom price'),
      disabled: c.customPricingCount === 0,
    }));

  const importFrom = () => {
    if (!copyFrom?.value) return;
    const fromId = copyFrom.value;
    const fromName = copyFrom.label ?? 'the other customer';
    openModal('Confirmation', {
      title: 'Copy pricing',
      message: (
        <SpaceBetween size="xs">
          <span>
            Copy every custom price of <b>{fromName}</b> to <b>{customerName}</b>? Prices {customerName} already has for
            the same products are overwritten; the others are kept.
          </span>
          {unsavedChanges > 0 && <span>Your {countText(unsavedChanges, 'unsaved change')} will be discarded.</span>}
        </SpaceBetween>
      ),
      confirmLabel: 'Import',
      onConfirm: async () => {
        const result = await apiCall('customers.copyCustomPricing', { params: { fromId, toId: customerId } });
        onCopied();
        setCopyFrom(null);
        await invalidateRoutes(queryClient, [...PRICE_ROUTES]);
        notify.success(`${countText(result.updated, 'price')} copied from ${fromName} to ${customerName}`);
      },
    });
  };

  return (
    <FormField label={COPY_FROM_LABEL}>
      <SpaceBetween direction="horizontal" size="xs">
        <div className="bo-pricing-copy">
          <Select
            selectedOption={copyFrom}
            onChange={({ detail }) => setCopyFrom(detail.selectedOption)}
            options={options}
            placeholder="Choose a customer"
            ariaLabel={COPY_FROM_LABEL}
            filteringType="auto"
            statusType={customers.isPending ? 'loading' : customers.isError ? 'error' : 'finished'}
            loadingText="Loading..."
            errorText="Error fetching customers"
            empty="No other customers"
            expandToViewport
          />
        </div>
        <Button onClick={importFrom} disabled={!copyFrom}>
          Import
        </Button>
      </SpaceBetween>
    </FormField>
  );
}
