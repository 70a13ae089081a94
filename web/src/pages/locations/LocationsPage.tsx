import type { ReactNode } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { addLocationBody, type Location } from '@bo/shared';
import { errorMessage } from '../../api/client';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import ListPageHeader from '../../components/ListPageHeader';
import { TableEmptyState } from '../../components/table-states';
import { useModals } from '../../modals/context';
import { useNotifications } from '../../notifications/notifications';
import { AddLocationForm } from './AddLocationForm';
import { ColorPicker, ColorSwatch } from './ColorPicker';
import { byIdNumber, canWriteLocations, confirmDeleteText, LOCATIONS_TEXT } from './locations-config';

const EMPTY: Location[] = [];

const nameError = (value: unknown) => {
  if (typeof value !== 'string') return undefined;
  const parsed = addLocationBody.shape.name.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

/**
 * `/locations`, the Pickup Locations screen: every location numbered by id, with its color, the default
 * radio ('Set as default location', shown as '(Default)') and delete. Catalogue writers (and ADMIN) add
 * locations, change colors and names in place, choose the default and delete; everyone else reads.
 */
export default function LocationsPage() {
  const session = useSession();
  const writer = canWriteLocations(session.roles);
  const { openModal } = useModals();
  const notify = useNotifications();
  const query = useApiQuery('orders.getLocations', {});
  const update = useApiMutation('orders.updateLocation', { invalidates: ['orders.getLocations'] });
  const remove = useApiMutation('orders.removeLocation', { invalidates: ['orders.getLocations'] });
  const locations = query.data ?? EMPTY;

  const { items, collectionProps } = useCollection(locations, {
    sorting: { defaultState: { sortingColumn: { sortingField: 'id', sortingComparator: byIdNumber } } },
  });

  // While a new default is being saved, its radio shows as chosen and the others wait.
  const pendingDefault = update.isPending && update.variables?.body.isDefault ? update.variables.params.id : null;
  const defaultId = pendingDefault ?? locations.find((l) => l.isDefault)?.id ?? null;

  const makeDefault = (location: Location) =>
    update.mutate(
      { params: { id: location.id }, body: { isDefault: true } },
      {
        onSuccess: () => notify.success(`${location.name} is the default location now`),
        onError: (error) => {
          console.error('Changing the default location failed', error);
          notify.error(errorMessage(error, `${location.name} was not made the default. Try again.`), {
            retry: () => makeDefault(location),
          });
        },
      },
    );

  const confirmDelete = (location: Location) =>
    openModal('Confirmation', {
      title: 'Delete location',
      message: confirmDeleteText(location.name),
      confirmLabel: 'Delete',
      variant: 'danger',
      onConfirm: async () => {
        // A failure (e.g. 409 when it became the default meanwhile) stays in the dialog with the server's message.
        await remove.mutateAsync({ params: { id: location.id } });
        notify.success(`Location ${location.name} deleted`);
      },
    });

  /** Inline edits of the name and color; a refusal keeps the cell open and says why. */
  const submitEdit: TableProps.SubmitEditFunction<Location> = async (item, column, value) => {
    const field = column.id === 'name' ? 'name' : 'color';
    if (typeof value !== 'string' || value.trim() === item[field]) return;
    const body = field === 'name' ? { name: value.trim() } : { color: value };
    try {
      await update.mutateAsync({ params: { id: item.id }, body });
      notify.success(field === 'name' ? `Location renamed to ${value.trim()}` : `Color of ${item.name} changed`);
    } catch (error) {
      console.error('Updating a location failed', error);
      notify.error(errorMessage(error, `${item.name} was not changed. Try again.`));
      throw error;
    }
  };

  const defaultCell = (row: Location): ReactNode => {
    if (!writer) return row.isDefault ? LOCATIONS_TEXT.isDefault : '';
    const chosen = defaultId === row.id;
    return (
      <RadioGroup
        ariaLabel={`Default location: ${row.name}`}
        value={chosen ? row.id : null}
        onChange={() => makeDefault(row)}
        items={[
          {
            value: row.id,
            label: chosen ? LOCATIONS_TEXT.isDefault : LOCATIONS_TEXT.setDefault,
            disabled: update.isPending && !!pendingDefault,
          },
        ]}
      />
    );
  };

  const columnDefinitions: TableProps.ColumnDefinition<Location>[] = [
    {
      id: 'id',
      header: '#',
      cell: (row) => row.id,
      sortingField: 'id',
      sortingComparator: byIdNumber,
      width: 64,
    },
    {
      id: 'name',
      header: 'Name',
      cell: (row) => row.name,
      sortingField: 'name',
      isRowHeader: true,
      editConfig: writer
        ? {
            ariaLabel: 'Location name',
            errorIconAriaLabel: 'Name error',
            validation: (_item, value) => nameError(value),
            editingCell: (item, { currentValue, setValue }) => (
              <Input
                autoFocus
                value={(currentValue as string | undefined) ?? item.name}
                onChange={({ detail }) => setValue(detail.value)}
                ariaLabel={`Name of location ${item.id}`}
              />
            ),
          }
        : undefined,
    },
    {
      id: 'color',
      header: 'Color',
      cell: (row) => <ColorSwatch color={row.color} />,
      minWidth: 200,
      editConfig: writer
        ? {
            ariaLabel: 'Location color',
            errorIconAriaLabel: 'Color error',
            editingCell: (item, { currentValue, setValue }) => (
              <ColorPicker
                autoFocus
                compact
                label={item.name}
                value={(currentValue as string | undefined) ?? item.color}
                onChange={(color) => setValue(color)}
              />
            ),
          }
        : undefined,
    },
    { id: 'default', header: 'Default', cell: defaultCell, minWidth: 220 },
    ...(writer
      ? [
          {
            id: 'actions',
            header: 'Actions',
            cell: (row: Location) => (
              <Button
                variant="inline-link"
                iconName="remove"
                ariaLabel={`Delete ${row.name}`}
                disabled={row.isDefault}
                disabledReason={row.isDefault ? LOCATIONS_TEXT.defaultCannotBeDeleted : undefined}
                onClick={() => confirmDelete(row)}
              >
                Delete
              </Button>
            ),
            width: 120,
          },
        ]
      : []),
  ];

  const empty = query.isError ? (
    <TableEmptyState
      title={LOCATIONS_TEXT.error}
      subtitle={query.error.message}
      action={<Button onClick={() => void query.refetch()}>Retry</Button>}
    />
  ) : (
    <TableEmptyState title={LOCATIONS_TEXT.empty} subtitle={writer ? LOCATIONS_TEXT.emptyDescription : undefined} />
  );

  return (
    <ContentLayout
      header={<ListPageHeader title={LOCATIONS_TEXT.title} variant="h1" description={LOCATIONS_TEXT.description} />}
    >
      <SpaceBetween size="l">
        {writer ? (
          <AddLocationForm />
        ) : (
          <Alert type="info" statusIconAriaLabel="Info">
            {LOCATIONS_TEXT.readOnly}
          </Alert>
        )}
        <Table<Location>
          {...collectionProps}
          items={items}
          empty={empty}
          columnDefinitions={columnDefinitions}
          trackBy="id"
          variant="container"
          loading={query.isPending}
          loadingText={LOCATIONS_TEXT.loading}
          submitEdit={writer ? submitEdit : undefined}
          ariaLabels={{
            tableLabel: 'Pickup locations',
            activateEditLabel: (column, item) =>
              `Edit ${column.header === '#' ? 'id' : String(column.header).toLowerCase()} of ${item.name}`,
            cancelEditLabel: () => 'Cancel editing',
            submitEditLabel: () => 'Save',
          }}
          header={
            <ListPageHeader
              title="Locations"
              variant="h2"
              counter={query.data ? locations.length : undefined}
              description={writer ? 'Choose the default with its radio; edit a name or color in place.' : undefined}
              refresh={{ noun: 'locations', loading: query.isRefetching, onRefresh: () => void query.refetch() }}
            />
          }
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
