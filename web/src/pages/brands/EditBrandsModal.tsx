import { useMemo, useState, type FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { Brand } from '@bo/shared';
import { errorMessage, isApiError } from '../../api/client';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useModals } from '../../modals/context';
import ProductImage from '../../components/ProductImage';
import { BrandFields } from './BrandFields';
import { brandChanges, formFromBrand, validateBrand, type BrandFormField, type BrandFormValues } from './brand-form';
import { matchesText } from '../../format/counts';

export interface EditBrandsModalProps {
  /** The brand to open first (the others start collapsed). */
  brandId?: string;
}

declare module '../../modals/context' {
  interface ModalPropsByName {
    EditBrands: EditBrandsModalProps;
  }
}

type Errors = Partial<Record<BrandFormField, string>>;

function BrandEditForm({
  brand,
  values,
  onChange,
  onSaved,
}: {
  brand: Brand;
  values: BrandFormValues;
  onChange: (values: BrandFormValues) => void;
  onSaved: () => void;
}) {
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const update = useApiMutation('brands.update', {
    invalidates: ['brands.getAll', 'brands.getBrandsWithProductCount', 'brands.getByID', 'products.getAll'],
  });
  const changes = brandChanges(brand, values);
  const hasChanges = Object.keys(changes).length > 0;
  const clientErrors = validateBrand(changes);
  const errors = submitted ? { ...serverErrors, ...clientErrors } : serverErrors;

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    if (!hasChanges || Object.keys(clientErrors).length > 0 || update.isPending) return;
    setSaved(false);
    update.mutate(
      { params: { id: brand.id }, body: changes },
      {
        onSuccess: () => {
          setSubmitted(false);
          setSaved(true);
          onSaved();
        },
        onError: (error) => {
          console.error('Brand update failed', error);
          if (isApiError(error)) setServerErrors(error.fieldErrors() as Errors);
        },
      },
    );
  };

  return (
    <form onSubmit={save} noValidate aria-label={`Edit brand ${brand.name}`}>
      <SpaceBetween size="l">
        {update.isError && (
          <Alert type="error" statusIconAriaLabel="Error">
            Update failed. {errorMessage(update.error, '')}
          </Alert>
        )}
        <BrandFields
          idPrefix={`edit-brand-${brand.id}`}
          values={values}
          errors={errors}
          disabled={update.isPending}
          onChange={(field, value) => {
            setSaved(false);
            onChange({ ...values, [field]: value });
            setServerErrors(({ [field]: _dropped, ...rest }) => rest);
          }}
        />
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <Button
            variant="primary"
            formAction="submit"
            disabled={!hasChanges}
            loading={update.isPending}
            loadingText="Saving"
            ariaLabel={`Save ${brand.name}`}
          >
            Save
          </Button>
          <Button
            formAction="none"
            variant="link"
            disabled={!hasChanges || update.isPending}
            onClick={() => {
              setSubmitted(false);
              setServerErrors({});
              onChange(formFromBrand(brand));
            }}
          >
            Discard changes
          </Button>
          {saved && !hasChanges && <StatusIndicator type="success">Saved</StatusIndicator>}
        </SpaceBetween>
      </SpaceBetween>
    </form>
  );
}

/** Modal registry `EditBrands`: an accordion of brands, each with its own form; Save is enabled only on change. */
export default function EditBrandsModal({ brandId, onDismiss }: EditBrandsModalProps & { onDismiss: () => void }) {
  const { openModal } = useModals();
  const query = useApiQuery('brands.getAll', {});
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(brandId ? [brandId] : []));
  const [drafts, setDrafts] = useState<Record<string, BrandFormValues>>({});
  const [filter, setFilter] = useState('');

  const brands = useMemo(() => query.data?.res ?? [], [query.data]);
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle ? brands.filter((b) => b.name.toLowerCase().includes(needle)) : brands;
  }, [brands, filter]);
  const dirtyIds = brands
    .filter((b) => drafts[b.id] && Object.keys(brandChanges(b, drafts[b.id]!)).length > 0)
    .map((b) => b.id);

  const close = () => {
    if (dirtyIds.length === 0) return onDismiss();
    openModal('Confirmation', {
      title: 'Unsaved changes',
      message: 'You have unsaved changes. Are you sure you want to close?',
      confirmLabel: 'Yes, close',
      cancelLabel: 'No, go back',
      onConfirm: onDismiss,
    });
  };

  const toggle = (id: string, open: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Modal
      visible
      size="large"
      header="Edit Brands"
      onDismiss={close}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={close}>
            Close
          </Button>
        </Box>
      }
    >
      {query.isPending ? (
        <StatusIndicator type="loading">Loading brands</StatusIndicator>
      ) : query.isError ? (
        <Alert
          type="error"
          statusIconAriaLabel="Error"
          action={<Button onClick={() => void query.refetch()}>Retry</Button>}
        >
          Failed to load brands.
        </Alert>
      ) : brands.length === 0 ? (
        <Box textAlign="center" color="text-body-secondary">
          No brands yet.
        </Box>
      ) : (
        <SpaceBetween size="s">
          {brands.length > 5 && (
            <TextFilter
              filteringText={filter}
              onChange={({ detail }) => setFilter(detail.filteringText)}
              filteringPlaceholder="Find brands"
              filteringAriaLabel="Find brands"
              countText={matchesText(shown.length)}
            />
          )}
          {shown.map((brand) => {
            const isOpen = expanded.has(brand.id);
            const values = drafts[brand.id] ?? formFromBrand(brand);
            return (
              <ExpandableSection
                key={brand.id}
                variant="container"
                expanded={isOpen}
                onChange={({ detail }) => toggle(brand.id, detail.expanded)}
                headerText={
                  <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                    <ProductImage src={brand.image} alt="" size={24} />
                    <span>{brand.name}</span>
                    {dirtyIds.includes(brand.id) && <Badge color="blue">Unsaved changes</Badge>}
                  </SpaceBetween>
                }
                headerAriaLabel={brand.name}
                headerDescription={brand.skucode ? `SKU code ${brand.skucode}` : undefined}
              >
                {isOpen && (
                  <BrandEditForm
                    brand={brand}
                    values={values}
                    onChange={(next) => setDrafts((current) => ({ ...current, [brand.id]: next }))}
                    onSaved={() =>
                      setDrafts(({ [brand.id]: _saved, ...rest }) => rest as Record<string, BrandFormValues>)
                    }
                  />
                )}
              </ExpandableSection>
            );
          })}
        </SpaceBetween>
      )}
    </Modal>
  );
}
