import { useMemo } from 'react';
import { byLocationId } from '@bo/shared';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useApiQuery } from '../../api/hooks';
import ImageField from '../../components/ImageField';
import { BRAND_FIELD_LABELS, type BrandFormField, type BrandFormValues } from './brand-form';

type TextField = 'name' | 'skucode' | 'website' | 'brandRepName' | 'brandRepEmail' | 'brandRepPhone';

const NO_MANAGER: SelectProps.Option = { label: 'No brand manager', value: '' };
const NO_LOCATION: SelectProps.Option = { label: 'No default location', value: '' };

export interface BrandFieldsProps {
  values: BrandFormValues;
  onChange: <F extends BrandFormField>(field: F, value: BrandFormValues[F]) => void;
  errors?: Partial<Record<BrandFormField, string>>;
  disabled?: boolean;
  /** Distinguishes the inputs when several forms are on screen (EditBrands). */
  idPrefix: string;
  autoFocus?: boolean;
}

/** Every field of a brand: name (required), image, SKU code, website, rep contact, manager, location, flags. */
export function BrandFields({ values, onChange, errors = {}, disabled, idPrefix, autoFocus }: BrandFieldsProps) {
  const users = useApiQuery('users.getAll', {});
  const managerOptions = useMemo<SelectProps.Option[]>(
    () => [
      NO_MANAGER,
      ...(users.data?.res ?? [])
        .map((u) => ({ label: u.name, value: u.id, description: u.title || undefined }))
        .sort((a, b) => a.label.localeCompare(b.label, 'en-US')),
    ],
    [users.data],
  );
  const locations = useApiQuery('orders.getLocations', {});
  // With no locations at all (and none chosen) the list is empty: 'No locations available'.
  const locationOptions = useMemo<SelectProps.Option[]>(() => {
    const list = [...(locations.data ?? [])].sort(byLocationId).map((l) => ({
      label: l.name,
      value: l.id,
      tags: [`#${l.id}`, ...(l.isDefault ? ['(Default)'] : [])],
    }));
    return list.length > 0 || values.defaultLocationId ? [NO_LOCATION, ...list] : [];
  }, [locations.data, values.defaultLocationId]);
  const selectedLocation =
    locationOptions.find((o) => o.value === values.defaultLocationId) ??
    (values.defaultLocationId
      ? { label: `Location ${values.defaultLocationId} (not found)`, value: values.defaultLocationId }
      : NO_LOCATION);
  const selectedManager =
    managerOptions.find((o) => o.value === values.brandManagerId) ??
    (values.brandManagerId ? { label: values.brandManagerId, value: values.brandManagerId } : NO_MANAGER);

  const text = (field: TextField, extra: Partial<InputProps> = {}) => (
    <FormField
      label={BRAND_FIELD_LABELS[field]}
      errorText={errors[field]}
      controlId={`${idPrefix}-${field}`}
      constraintText={field === 'name' ? undefined : 'Optional'}
    >
      <Input
        controlId={`${idPrefix}-${field}`}
        value={values[field]}
        disabled={disabled}
        invalid={!!errors[field]}
        autoComplete="off"
        onChange={({ detail }) => onChange(field, detail.value)}
        {...extra}
      />
    </FormField>
  );

  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={2}>
        {text('name', { autoFocus })}
        {text('skucode', { placeholder: 'e.g. ACM' })}
        <ImageField
          label={BRAND_FIELD_LABELS.image}
          value={values.image}
          onChange={(url) => onChange('image', url)}
          disabled={disabled}
          alt={values.name ? `Image of ${values.name}` : 'Brand image'}
          errorText={errors.image}
        />
        {text('website', { type: 'url', placeholder: 'https://' })}
        {text('brandRepName')}
        {text('brandRepEmail', { type: 'email' })}
        {text('brandRepPhone', { inputMode: 'tel' })}
        <FormField
          label={BRAND_FIELD_LABELS.brandManagerId}
          errorText={errors.brandManagerId}
          constraintText="Optional"
        >
          <Select
            selectedOption={selectedManager}
            options={managerOptions}
            disabled={disabled}
            filteringType="auto"
            statusType={users.isPending ? 'loading' : users.isError ? 'error' : 'finished'}
            loadingText="Loading users"
            errorText="Error loading users"
            onChange={({ detail }) => onChange('brandManagerId', detail.selectedOption.value ?? '')}
            ariaLabel={BRAND_FIELD_LABELS.brandManagerId}
          />
        </FormField>
        <FormField
          label={BRAND_FIELD_LABELS.defaultLocationId}
          errorText={errors.defaultLocationId}
          description="Packing location of this brand's orders."
          constraintText="Optional"
        >
          <Select
            selectedOption={selectedLocation}
            options={locationOptions}
            disabled={disabled}
            statusType={locations.isPending ? 'loading' : locations.isError ? 'error' : 'finished'}
            loadingText="Loading locations"
            errorText="Error Loading Locations"
            recoveryText="Retry"
            onLoadItems={({ detail }) => {
              if (detail.samePage) void locations.refetch();
            }}
            empty="No locations available"
            invalid={!!errors.defaultLocationId}
            onChange={({ detail }) => onChange('defaultLocationId', detail.selectedOption.value ?? '')}
            ariaLabel={BRAND_FIELD_LABELS.defaultLocationId}
          />
        </FormField>
      </ColumnLayout>
      <SpaceBetween direction="horizontal" size="xl">
        <Checkbox
          checked={values.excludeFromReporting}
          disabled={disabled}
          onChange={({ detail }) => onChange('excludeFromReporting', detail.checked)}
        >
          {BRAND_FIELD_LABELS.excludeFromReporting}
        </Checkbox>
        <Toggle
          checked={values.showInOverview}
          disabled={disabled}
          onChange={({ detail }) => onChange('showInOverview', detail.checked)}
        >
          {BRAND_FIELD_LABELS.showInOverview}
        </Toggle>
      </SpaceBetween>
    </SpaceBetween>
  );
}
