import { useState, type FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { saveFilterBody, type ProductFilters, type SavedFilter } from '@bo/shared';
import { errorMessage } from '../../api/client';
import { useApiMutation } from '../../api/hooks';
import { useSession } from '../../auth/session';
import { useNotifications } from '../../notifications/notifications';
import { describeFilterValues, FILTER_FIELDS, type FilterLabels } from './products-config';

export interface SaveFilterModalProps {
  /** The filters to save (every field, the search term included). */
  filters: ProductFilters;
  /** Names for the brand, type and extract type ids shown in the summary. */
  labels?: FilterLabels;
  /** The brand an inventory filter belongs to, if any. */
  filterBrandId?: string;
  onSaved?: (saved: SavedFilter) => void;
}

declare module '../../modals/context' {
  interface ModalPropsByName {
    AddProductFilter: SaveFilterModalProps;
    AddInventoryFilter: SaveFilterModalProps;
  }
}

type Variant = 'products' | 'inventory';
const TITLES: Record<Variant, string> = { products: 'Add Product Filter', inventory: 'Add Inventory Filter' };

/**
 * Save Custom Filter (registry AddProductFilter and AddInventoryFilter): the chosen filters and a Filter
 * Name (Enter saves), Cancel and Save. The products variant lists stock as In Stock / Out of Stock, the
 * inventory variant as its values.
 */
function SaveFilterModal({
  variant,
  filters,
  labels,
  filterBrandId,
  onSaved,
  onDismiss,
}: SaveFilterModalProps & { variant: Variant; onDismiss: () => void }) {
  const session = useSession();
  const notify = useNotifications();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useApiMutation('preferences.saveFilter', { invalidates: ['preferences.getFilters'] });

  const chosen: Array<{ label: string; value: string }> = FILTER_FIELDS.map(({ key, label }) => ({
    label,
    value: describeFilterValues(filters, key, variant, labels) || 'All',
  }));
  if (filters.searchTerm.trim()) chosen.unshift({ label: 'Search', value: filters.searchTerm.trim() });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (save.isPending) return;
    const body = {
      userId: session.userId,
      filterData: { filterName: name, variant, ...(filterBrandId ? { filterBrandId } : {}), filters },
    };
    // Saving needs a user id and filter data (spec section 5); the schema says what is missing.
    const parsed = saveFilterBody.safeParse(body);
    if (!parsed.success) {
      setNameError(parsed.error.issues.find((i) => i.path.includes('filterName'))?.message ?? null);
      if (!parsed.error.issues.some((i) => i.path.includes('filterName')))
        setFailure(parsed.error.issues[0]?.message ?? 'Invalid filter');
      return;
    }
    setNameError(null);
    setFailure(null);
    save.mutate(
      { body },
      {
        onSuccess: (saved) => {
          notify.success(`Filter "${saved.settings.filterName}" saved`);
          onSaved?.(saved);
          onDismiss();
        },
        onError: (error) => {
          console.error('Saving the filter failed', error);
          setFailure(errorMessage(error, 'The filter was not saved.'));
        },
      },
    );
  };

  return (
    <Modal
      visible
      header={TITLES[variant]}
      onDismiss={() => !save.isPending && onDismiss()}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} disabled={save.isPending}>
              Cancel
            </Button>
            <Button variant="primary" onClick={() => submit()} loading={save.isPending}>
              Save
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={submit} noValidate>
        <SpaceBetween size="l">
          <KeyValuePairs columns={2} items={chosen} ariaLabel="Chosen filters" />
          <FormField label="Filter Name" errorText={nameError}>
            <Input
              value={name}
              autoFocus
              ariaRequired
              placeholder="e.g. Low stock flower"
              onChange={({ detail }) => setName(detail.value)}
            />
          </FormField>
          {failure && (
            <Alert type="error" statusIconAriaLabel="Error">
              {failure}
            </Alert>
          )}
          <button type="submit" hidden />
        </SpaceBetween>
      </form>
    </Modal>
  );
}

export function AddProductFilterModal(props: SaveFilterModalProps & { onDismiss: () => void }) {
  return <SaveFilterModal {...props} variant="products" />;
}

export function AddInventoryFilterModal(props: SaveFilterModalProps & { onDismiss: () => void }) {
  return <SaveFilterModal {...props} variant="inventory" />;
}

export default AddProductFilterModal;
