import { useMemo } from 'react';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useApiQuery } from '../../api/hooks';
import ProductImage from '../../components/ProductImage';
import { useModals } from '../../modals/context';
import { BRAND_FIELD_LABELS, type BrandFormField, type BrandFormValues } from './brand-form';

type TextField = 'name' | 'skucode' | 'website' | 'brandRepName' | 'brandRepEmail' | 'brandRepPhone';

const NO_MANAGER: SelectProps.Option = { label: 'No brand manager', value: '' };

/** An image field: a preview, 'Choose image' (the ImageSelection dialog) and 'Remove image'. */
export function ImageField({
  label,
  value,
  onChange,
  disabled,
  alt,
  errorText,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  disabled?: boolean;
  alt: string;
  errorText?: string;
}) {
  const { openModal } = useModals();
  return (
    <FormField label={label} errorText={errorText} constraintText="Optional">
      <SpaceBetween direction="horizontal" size="s" alignItems="center">
        <ProductImage src={value} alt={alt} size={56} />
        <Button
          formAction="none"
          disabled={disabled}
          onClick={() =>
            openModal('ImageSelection', { bucket: 'images', selected: value || undefined, onSelect: onChange })
          }
        >
          {value ? 'Change image' : 'Choose image'}
        </Button>
        {value && (
          <Button formAction="none" variant="link" disabled={disabled} onClick={() => onChange('')}>
            Remove image
          </Button>
        )}
      </SpaceBetween>
    </FormField>
  );
}

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
          controlId={`${idPrefix}-defaultLocationId`}
          description="Packing location id (pickup locations arrive with orders)."
          constraintText="Optional"
        >
          <Input
            controlId={`${idPrefix}-defaultLocationId`}
            value={values.defaultLocationId}
            disabled={disabled}
            invalid={!!errors.defaultLocationId}
            onChange={({ detail }) => onChange('defaultLocationId', detail.value)}
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
