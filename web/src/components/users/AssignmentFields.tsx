import { useMemo } from 'react';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import { USER_FIELD_LABELS } from '@bo/shared';
import { useCan } from '../../access/route-access';
import { useApiQuery } from '../../api/hooks';

export type AssignmentField = 'userBrands' | 'userCustomers';

export const ASSIGNMENT_TEXT = {
  userBrands: {
    placeholder: 'Choose brands',
    filter: 'Find brands',
    empty: 'No brands yet',
    error: 'Failed to load brands.',
  },
  userCustomers: {
    placeholder: 'Choose customers',
    filter: 'Find customers',
    empty: 'No customers yet',
    error: 'Error fetching customers',
  },
  none: 'None assigned',
} as const;

/** Lists change rarely while a profile is edited. */
const LIST_STALE_MS = 5 * 60_000;

interface Named {
  id: string;
  name: string;
}

interface AssignmentFieldsProps {
  userBrands: readonly string[];
  userCustomers: readonly string[];
  onChange: (field: AssignmentField, ids: string[]) => void;
  /** ADMIN assigns (the API refuses anyone else); others see the names read-only. */
  canEdit: boolean;
  disabled?: boolean;
}

/** Options by name; an assigned id that no longer exists stays listed (and removable) under its id. */
function optionsFor(items: readonly Named[], assigned: readonly string[]): MultiselectProps.Option[] {
  const known = new Set(items.map((i) => i.id));
  return [
    ...[...items].sort((a, b) => a.name.localeCompare(b.name)).map((i) => ({ value: i.id, label: i.name })),
    ...assigned.filter((id) => !known.has(id)).map((id) => ({ value: id, label: id, description: 'Not found' })),
  ];
}

function Picker({
  field,
  items,
  assigned,
  status,
  onChange,
  disabled,
}: {
  field: AssignmentField;
  items: readonly Named[];
  assigned: readonly string[];
  status: MultiselectProps['statusType'];
  onChange: (ids: string[]) => void;
  disabled: boolean;
}) {
  const text = ASSIGNMENT_TEXT[field];
  const options = useMemo(() => optionsFor(items, assigned), [items, assigned]);
  return (
    <Multiselect
      options={options}
      selectedOptions={options.filter((o) => assigned.includes(o.value ?? ''))}
      onChange={({ detail }) => onChange(detail.selectedOptions.map((o) => o.value ?? '').filter(Boolean))}
      placeholder={text.placeholder}
      filteringType="auto"
      filteringPlaceholder={text.filter}
      filteringAriaLabel={text.filter}
      statusType={status}
      loadingText="Loading..."
      errorText={text.error}
      empty={text.empty}
      tokenLimit={6}
      i18nStrings={{ tokenLimitShowMore: 'Show more', tokenLimitShowFewer: 'Show fewer' }}
      deselectAriaLabel={(o) => `Remove ${o.label ?? ''}`}
      disabled={disabled}
      expandToViewport
    />
  );
}

const namesOf = (items: readonly Named[], ids: readonly string[]) => {
  const byId = new Map(items.map((i) => [i.id, i.name]));
  return ids.map((id) => byId.get(id) ?? id).sort((a, b) => a.localeCompare(b));
};

/**
 * Edit User's assigned brands and customers (spec section 4): searchable multi-selects over `brands/getAll` and
 * `customers/getAll` for ADMIN. Others see the names, each list only if their roles may read it.
 */
export function AssignmentFields({
  userBrands,
  userCustomers,
  onChange,
  canEdit,
  disabled = false,
}: AssignmentFieldsProps) {
  const can = useCan();
  const readsBrands = can('brands.getAll');
  const readsCustomers = can('customers.getAll');
  const brands = useApiQuery('brands.getAll', {}, { enabled: readsBrands, staleTime: LIST_STALE_MS });
  const customers = useApiQuery('customers.getAll', {}, { enabled: readsCustomers, staleTime: LIST_STALE_MS });
  const brandItems = useMemo<Named[]>(
    () => brands.data?.res.map((b) => ({ id: b.id, name: b.name })) ?? [],
    [brands.data],
  );
  const customerItems = useMemo<Named[]>(
    () => customers.data?.map((c) => ({ id: c.id, name: c.customerName })) ?? [],
    [customers.data],
  );
  const status = (q: { isPending: boolean; isError: boolean }): MultiselectProps['statusType'] =>
    q.isError ? 'error' : q.isPending ? 'loading' : 'finished';

  const fields = [
    { field: 'userBrands' as const, shown: readsBrands, items: brandItems, assigned: userBrands, query: brands },
    {
      field: 'userCustomers' as const,
      shown: readsCustomers,
      items: customerItems,
      assigned: userCustomers,
      query: customers,
    },
  ].filter((f) => f.shown);
  if (fields.length === 0) return null;

  return (
    <ColumnLayout columns={2}>
      {fields.map(({ field, items, assigned, query }) =>
        canEdit ? (
          <FormField key={field} label={USER_FIELD_LABELS[field]} stretch>
            <Picker
              field={field}
              items={items}
              assigned={assigned}
              status={status(query)}
              onChange={(ids) => onChange(field, ids)}
              disabled={disabled}
            />
          </FormField>
        ) : (
          <FormField key={field} label={USER_FIELD_LABELS[field]} stretch>
            <Box>{assigned.length > 0 ? namesOf(items, assigned).join(', ') : ASSIGNMENT_TEXT.none}</Box>
          </FormField>
        ),
      )}
    </ColumnLayout>
  );
}
