import { memo, useState } from 'react';
import Button from '@cloudscape-design/components/button';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ProductFilters, SavedFilter } from '@bo/shared';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useModals } from '../../modals/context';
import { useNotifications } from '../../notifications/notifications';

export interface SavedFiltersProps {
  /** Applies a saved filter (every filter field, the search term included). */
  onApply: (filters: ProductFilters) => void;
  /** Opens the Save Custom Filter dialog for the current filters. */
  onSave: () => void;
}

const EMPTY: SavedFilter[] = [];

/** The saved-filters dropdown (preferences.getFilters), "Save filter", and delete with confirmation. */
function SavedFilters({ onApply, onSave }: SavedFiltersProps) {
  const { openModal } = useModals();
  const notify = useNotifications();
  const query = useApiQuery('preferences.getFilters', {});
  const saved = query.data ?? EMPTY;
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = saved.find((f) => f.id === chosenId) ?? null;
  const remove = useApiMutation('preferences.removeFilter', { invalidates: ['preferences.getFilters'] });

  const options = saved.map((f) => ({
    value: f.id,
    label: f.settings.filterName,
    tags: f.settings.variant === 'inventory' ? ['Inventory'] : undefined,
  }));

  const confirmDelete = (filter: SavedFilter) =>
    openModal('Confirmation', {
      title: 'Delete saved filter',
      message: (
        <>
          Delete the saved filter <b>{filter.settings.filterName}</b>?
        </>
      ),
      confirmLabel: 'Delete',
      variant: 'danger',
      onConfirm: async () => {
        await remove.mutateAsync({ params: { id: filter.id } });
        setChosenId(null);
        notify.success(`Filter "${filter.settings.filterName}" deleted`);
      },
    });

  return (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <Select
        data-testid="saved-filters"
        selectedOption={chosen ? { value: chosen.id, label: chosen.settings.filterName } : null}
        options={options}
        placeholder="Saved filters"
        ariaLabel="Saved filters"
        statusType={query.isPending ? 'loading' : query.isError ? 'error' : 'finished'}
        loadingText="Loading..."
        errorText="Error..."
        recoveryText="Retry"
        onLoadItems={() => void query.refetch()}
        empty="No saved filters"
        onChange={({ detail }) => {
          const filter = saved.find((f) => f.id === detail.selectedOption.value);
          if (!filter) return;
          setChosenId(filter.id);
          onApply(filter.settings.filterData);
        }}
      />
      <Button
        variant="icon"
        iconName="remove"
        ariaLabel="Delete saved filter"
        disabled={!chosen}
        onClick={() => chosen && confirmDelete(chosen)}
      />
      <Button onClick={onSave}>Save filter</Button>
    </SpaceBetween>
  );
}

export default memo(SavedFilters);
