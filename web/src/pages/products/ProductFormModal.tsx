import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { canGenerateSku, canSeeCosts, type Product } from '@bo/shared';
import { errorMessage, isApiError } from '../../api/client';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import ImageField from '../../components/ImageField';
import FormShell from '../../components/FormShell';
import { useNotifications } from '../../notifications/notifications';
import {
  EMPTY_PRODUCT_FORM,
  formFromProduct,
  isDirty,
  productChanges,
  validateChanges,
  validateNew,
  type ProductFormField,
  type ProductFormValues,
} from './product-form';
import { GENETICS_OPTIONS } from '../../format/labels';
import { STATUS_OPTIONS } from './products-config';

export interface AddProductModalProps {
  onCreated?: (product: Product) => void;
}
export interface EditProductModalProps {
  productId: string;
  /** Shown in the title while the product loads. */
  name?: string;
}

declare module '../../modals/context' {
  interface ModalPropsByName {
    AddProduct: AddProductModalProps;
    EditProduct: EditProductModalProps;
  }
}

type Errors = Partial<Record<ProductFormField, string>>;
const NONE: SelectProps.Option = { value: '', label: '-' };
const INVALIDATES = ['products.getAll', 'products.getByID', 'products.getByBrandID', 'changelog.getAll'] as const;

interface FieldsProps {
  values: ProductFormValues;
  onChange: <K extends ProductFormField>(field: K, value: ProductFormValues[K]) => void;
  errors: Errors;
  disabled: boolean;
  sku: string;
  skuLoading: boolean;
  withCost: boolean;
  skuHint: string;
}

/** The form of Add New Product and Edit Product (spec sections 3 and 5). */
function ProductFields({ values, onChange, errors, disabled, sku, skuLoading, withCost, skuHint }: FieldsProps) {
  const brands = useApiQuery('brands.getAll', {});
  const types = useApiQuery('products.getProductTypes', {});
  const extracts = useApiQuery('products.getExtractTypes', {});
  const lines = useApiQuery(
    'brands.getProductLines',
    { params: { brandId: values.brandID || '-' } },
    { enabled: Boolean(values.brandID) },
  );

  const brandOptions = (brands.data?.res ?? []).map((b) => ({ value: b.id, label: b.name }));
  const typeOptions = (types.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  const extractOptions = [NONE, ...(extracts.data ?? []).map((t) => ({ value: t.id, label: t.name }))];
  const lineOptions = (lines.data ?? []).map((l) => ({ value: l.id, label: l.name }));
  const pick = (options: SelectProps.Option[], value: string) => options.find((o) => o.value === value) ?? null;
  const status = (q: { isPending: boolean; isError: boolean }) =>
    q.isPending ? ('loading' as const) : q.isError ? ('error' as const) : ('finished' as const);

  const input = (
    field: ProductFormField,
    label: string,
    opts: { inputMode?: 'decimal' | 'numeric'; required?: boolean; placeholder?: string } = {},
  ) => (
    <FormField label={opts.required ? `${label}*` : label} errorText={errors[field]}>
      <Input
        value={values[field] as string}
        onChange={({ detail }) => onChange(field, detail.value as never)}
        disabled={disabled}
        inputMode={opts.inputMode}
        placeholder={opts.placeholder}
        ariaRequired={opts.required}
        ariaLabel={label}
      />
    </FormField>
  );

  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={2}>
        {input('name', 'Product name', { required: true })}
        <FormField label="SKU" description={skuHint}>
          <Input value={sku} readOnly ariaLabel="SKU" placeholder={skuLoading ? 'Generating...' : ''} />
        </FormField>
        <FormField label="Brand*" errorText={errors.brandID}>
          <Select
            data-testid="brandID"
            selectedOption={pick(brandOptions, values.brandID)}
            options={brandOptions}
            onChange={({ detail }) => onChange('brandID', detail.selectedOption.value ?? '')}
            placeholder="Choose a brand"
            ariaLabel="Brand"
            ariaRequired
            filteringType="auto"
            disabled={disabled}
            statusType={status(brands)}
            loadingText="Loading..."
            errorText="Error..."
          />
        </FormField>
        <FormField label="Type*" errorText={errors.typeID}>
          <Select
            data-testid="typeID"
            selectedOption={pick(typeOptions, values.typeID)}
            options={typeOptions}
            onChange={({ detail }) => onChange('typeID', detail.selectedOption.value ?? '')}
            placeholder="Choose a type"
            ariaLabel="Type"
            ariaRequired
            filteringType="auto"
            disabled={disabled}
            statusType={status(types)}
            loadingText="Loading..."
            errorText="Error..."
          />
        </FormField>
        <FormField label="Genetics" errorText={errors.genetics}>
          <Select
            data-testid="genetics"
            selectedOption={pick([NONE, ...GENETICS_OPTIONS], values.genetics)}
            options={[NONE, ...GENETICS_OPTIONS]}
            onChange={({ detail }) =>
              onChange('genetics', (detail.selectedOption.value ?? '') as ProductFormValues['genetics'])
            }
            ariaLabel="Genetics"
            disabled={disabled}
          />
        </FormField>
        <FormField label="Extract type" errorText={errors.extractTypeID}>
          <Select
            data-testid="extractTypeID"
            selectedOption={pick(extractOptions, values.extractTypeID)}
            options={extractOptions}
            onChange={({ detail }) => onChange('extractTypeID', detail.selectedOption.value ?? '')}
            ariaLabel="Extract type"
            disabled={disabled}
            statusType={status(extracts)}
            loadingText="Loading..."
            errorText="Error..."
          />
        </FormField>
        <FormField label="Product lines" errorText={errors.productLineIDs}>
          <Multiselect
            selectedOptions={lineOptions.filter((o) => values.productLineIDs.includes(o.value))}
            options={lineOptions}
            onChange={({ detail }) =>
              onChange(
                'productLineIDs',
                detail.selectedOptions.map((o) => o.value ?? ''),
              )
            }
            placeholder={values.brandID ? 'Choose product lines' : 'Choose a brand first'}
            ariaLabel="Product lines"
            disabled={disabled || !values.brandID}
            statusType={values.brandID ? status(lines) : 'finished'}
            loadingText="Loading..."
            errorText="Error..."
            empty="This brand has no product lines"
          />
        </FormField>
        <FormField label="Status*" errorText={errors.status}>
          <Select
            data-testid="status"
            selectedOption={pick(STATUS_OPTIONS, values.status)}
            options={STATUS_OPTIONS}
            onChange={({ detail }) =>
              onChange('status', (detail.selectedOption.value ?? 'ACTIVE') as ProductFormValues['status'])
            }
            ariaLabel="Status"
            ariaRequired
            disabled={disabled}
          />
        </FormField>
        {input('weight', 'Weight (g)', { inputMode: 'decimal' })}
        {input('unitQuantity', 'Unit quantity', { inputMode: 'numeric', placeholder: '1' })}
        {withCost && input('cost', 'Cost', { inputMode: 'decimal', placeholder: '$0.00' })}
        {input('basePrice', 'Base price', { inputMode: 'decimal', required: true, placeholder: '$0.00' })}
        {input('msrp', 'MSRP', { inputMode: 'decimal', placeholder: '$0.00' })}
      </ColumnLayout>
      <FormField label="Description" errorText={errors.description}>
        <Textarea
          value={values.description}
          onChange={({ detail }) => onChange('description', detail.value)}
          disabled={disabled}
          ariaLabel="Description"
          rows={3}
        />
      </FormField>
      <ImageField
        label="Image"
        value={values.image}
        onChange={(url) => onChange('image', url)}
        disabled={disabled}
        alt={values.name ? `Image of ${values.name}` : 'Product image'}
        errorText={errors.image}
        size={64}
      />
      <SpaceBetween direction="horizontal" size="l">
        <Toggle
          checked={values.discountEligible}
          onChange={({ detail }) => onChange('discountEligible', detail.checked)}
          disabled={disabled}
        >
          Discount eligible
        </Toggle>
        <Toggle
          checked={values.hasBatch}
          onChange={({ detail }) => onChange('hasBatch', detail.checked)}
          disabled={disabled}
        >
          Batched
        </Toggle>
        <Checkbox
          checked={values.hideFromCatalog}
          onChange={({ detail }) => onChange('hideFromCatalog', detail.checked)}
          disabled={disabled}
        >
          Hide from catalog
        </Checkbox>
      </SpaceBetween>
    </SpaceBetween>
  );
}

/** Registry `AddProduct`: 'Add New Product'. */
export function AddProductModal({ onCreated, onDismiss }: AddProductModalProps & { onDismiss: () => void }) {
  const session = useSession();
  const notify = useNotifications();
  const withCost = canSeeCosts(session.roles);
  const [values, setValues] = useState<ProductFormValues>(EMPTY_PRODUCT_FORM);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const skuReady = canGenerateSku(values.brandID, values.typeID);
  const skuQuery = useApiQuery(
    'products.createSKU',
    { query: { brandID: values.brandID, typeID: values.typeID } },
    { enabled: skuReady },
  );
  const create = useApiMutation('products.addNew', { invalidates: [...INVALIDATES] });

  const onChange = <K extends ProductFormField>(field: K, value: ProductFormValues[K]) =>
    setValues((current) => ({
      ...current,
      [field]: value,
      // Product lines belong to a brand.
      ...(field === 'brandID' && value !== current.brandID ? { productLineIDs: [] } : {}),
    }));

  const save = () => {
    const result = validateNew(values, withCost);
    if (result.errors) return setErrors(result.errors);
    setErrors({});
    setFailure(null);
    create.mutate(
      { body: result.body },
      {
        onSuccess: (product) => {
          notify.success(`Product ${product.name} (${product.sku}) added`);
          onCreated?.(product);
          onDismiss();
        },
        onError: (error) => {
          console.error('Product create failed', error);
          if (isApiError(error)) setErrors(error.fieldErrors() as Errors);
          setFailure(errorMessage(error, ''));
        },
      },
    );
  };

  return (
    <FormShell
      thing="product"
      title="Add New Product"
      dirty={isDirty(values, EMPTY_PRODUCT_FORM)}
      busy={create.isPending}
      canSave
      saveLabel="Add product"
      failure={failure}
      onSave={save}
      onDismiss={onDismiss}
    >
      <ProductFields
        values={values}
        onChange={onChange}
        errors={errors}
        disabled={create.isPending}
        sku={skuReady ? (skuQuery.data?.sku ?? '') : ''}
        skuLoading={skuReady && skuQuery.isFetching}
        withCost={withCost}
        skuHint="Generated once brand and type are chosen; the server assigns the final SKU."
      />
    </FormShell>
  );
}

/** Registry `EditProduct`: 'Edit Product'; Save is enabled only with changes, and sends only those. */
export function EditProductModal({ productId, name, onDismiss }: EditProductModalProps & { onDismiss: () => void }) {
  const session = useSession();
  const notify = useNotifications();
  const withCost = canSeeCosts(session.roles);
  const query = useApiQuery('products.getByID', { params: { id: productId } });
  const product = query.data;
  const [edited, setEdited] = useState<ProductFormValues | null>(null);
  const values = edited ?? (product ? formFromProduct(product) : null);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const update = useApiMutation('products.update', { invalidates: [...INVALIDATES] });

  const changes = product && values ? productChanges(product, values, withCost) : {};
  const hasChanges = Object.keys(changes).length > 0;

  const onChange = <K extends ProductFormField>(field: K, value: ProductFormValues[K]) =>
    setEdited((current) => {
      const base = current ?? values!;
      return {
        ...base,
        [field]: value,
        ...(field === 'brandID' && value !== base.brandID ? { productLineIDs: [] } : {}),
      };
    });

  const save = () => {
    if (!product || !hasChanges) return;
    const result = validateChanges(changes);
    if (result.errors) return setErrors(result.errors);
    setErrors({});
    setFailure(null);
    update.mutate(
      { params: { id: product.id }, body: result.body },
      {
        onSuccess: (saved) => {
          notify.success(`Product ${saved.name} updated`);
          onDismiss();
        },
        onError: (error) => {
          console.error('Product update failed', error);
          if (isApiError(error)) setErrors(error.fieldErrors() as Errors);
          setFailure(errorMessage(error, ''));
        },
      },
    );
  };

  return (
    <FormShell
      thing="product"
      title="Edit Product"
      dirty={hasChanges}
      busy={update.isPending}
      canSave={hasChanges}
      saveLabel="Save"
      failure={failure}
      onSave={save}
      onDismiss={onDismiss}
    >
      {!product || !values ? (
        query.isPending ? (
          <StatusIndicator type="loading">Loading {name ?? 'product'}...</StatusIndicator>
        ) : (
          <Alert
            type="error"
            statusIconAriaLabel="Error"
            action={<Button onClick={() => void query.refetch()}>Retry</Button>}
          >
            Error...
          </Alert>
        )
      ) : (
        <ProductFields
          values={values}
          onChange={onChange}
          errors={errors}
          disabled={update.isPending}
          sku={product.sku}
          skuLoading={false}
          withCost={withCost}
          skuHint="Assigned when the product was created; never edited by hand."
        />
      )}
    </FormShell>
  );
}

export default AddProductModal;
