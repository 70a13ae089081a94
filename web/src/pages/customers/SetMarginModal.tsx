import { useMemo, useState } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import Pagination from '@cloudscape-design/components/pagination';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useQueryClient } from '@tanstack/react-query';
import {
  MARGIN_PREVIEW_PAGE_SIZE,
  parseMarginValue,
  previewMargin,
  type MarginRule,
  type MarginScope,
} from '@bo/shared';
import { apiCall, errorMessage, isApiError } from '../../api/client';
import { invalidateRoutes } from '../../api/hooks';
import { usd } from './customers-config';
import type { PricingRow } from './pricing-model';

export interface SetMarginModalProps {
  customerId: string;
  customerName: string;
  /** Every product, with the customer's saved prices. */
  rows: readonly PricingRow[];
  brandOptions: MultiselectProps.Option[];
  typeOptions: MultiselectProps.Option[];
  /** Roles that may see costs may base a margin on cost (the API refuses it to the others). */
  canUseCost: boolean;
  /** After the prices were saved: the products that got one. */
  onApplied: (productIds: string[]) => void;
  onDismiss: () => void;
}

export const MARGIN_TEXT = {
  title: 'Set Margin',
  costDisabled: 'Costs are visible only to Admin, Purchasing and Payroll, so only they can base a margin on cost.',
  noProducts: 'No products in this scope.',
  failed: 'The margin was not applied.',
} as const;

type ScopeType = MarginScope['type'];
interface Preview {
  rule: MarginRule;
  scope: MarginScope;
  /** The inputs the preview was made from: Apply needs them unchanged. */
  key: string;
}

/** The Set Margin dialog (spec sections 2 and 5): a rule and a scope, a preview 25 rows a page, then Apply. */
export default function SetMarginModal({
  customerId,
  customerName,
  rows,
  brandOptions,
  typeOptions,
  canUseCost,
  onApplied,
  onDismiss,
}: SetMarginModalProps) {
  const queryClient = useQueryClient();
  const [direction, setDirection] = useState<MarginRule['direction']>('+');
  const [kind, setKind] = useState<MarginRule['kind']>('%');
  const [basis, setBasis] = useState<MarginRule['basis']>('basePrice');
  const [value, setValue] = useState('');
  const [scopeType, setScopeType] = useState<ScopeType>('all');
  const [brandIds, setBrandIds] = useState<string[]>([]);
  const [typeIds, setTypeIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ value?: string; brands?: string; types?: string }>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const inputsKey = JSON.stringify([direction, kind, basis, value, scopeType, brandIds, typeIds]);
  const stale = preview !== null && preview.key !== inputsKey;

  const byId = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  const previewRows = useMemo(
    () =>
      preview
        ? previewMargin(rows, preview.rule, preview.scope).map((p) => ({ ...p, product: byId.get(p.productId)! }))
        : [],
    [preview, rows, byId],
  );
  const priced = previewRows.filter((r) => !r.skipped);
  const skipped = previewRows.length - priced.length;

  const { items, collectionProps, paginationProps } = useCollection(previewRows, {
    pagination: { pageSize: MARGIN_PREVIEW_PAGE_SIZE },
  });

  const makePreview = () => {
    const parsed = parseMarginValue(value);
    const next: typeof errors = {};
    if ('error' in parsed) next.value = parsed.error;
    if (scopeType === 'brands' && brandIds.length === 0) next.brands = 'Choose at least one brand';
    if (scopeType === 'types' && typeIds.length === 0) next.types = 'Choose at least one type';
    setErrors(next);
    setFailure(null);
    if ('error' in parsed || Object.keys(next).length > 0) return setPreview(null);
    const scope: MarginScope =
      scopeType === 'all'
        ? { type: 'all' }
        : scopeType === 'brands'
          ? { type: 'brands', brandIds, ...(typeIds.length ? { typeIds } : {}) }
          : { type: 'types', typeIds, ...(brandIds.length ? { brandIds } : {}) };
    setPreview({ rule: { direction, kind, basis, value: parsed.value }, scope, key: inputsKey });
  };

  const apply = async () => {
    if (!preview || stale || priced.length === 0) return;
    setBusy(true);
    setFailure(null);
    try {
      await apiCall('customers.setMargin', {
        params: { customerId },
        body: {
          rule: preview.rule,
          scope: preview.scope,
          prices: priced.map((r) => ({ productId: r.productId, customPrice: r.newPrice })),
        },
      });
      await invalidateRoutes(queryClient, [
        'customers.getCustomPricing',
        'customers.getAll',
        'customers.getByID',
        'customers.getAllWithCustomPricing',
        'customers.reRunPricing',
        'products.getByBrandIDForCustomer',
        'products.getByTypeIDForCustomer',
      ]);
      onApplied(priced.map((r) => r.productId));
      onDismiss();
    } catch (error) {
      console.error('Margin update failed', error);
      setFailure(errorMessage(error, 'Something went wrong. Try again.'));
      if (isApiError(error) && error.status === 409) {
        // The prices moved under the preview: fetch them again and ask for a new preview.
        setPreview(null);
        void invalidateRoutes(queryClient, ['products.getAll', 'customers.getCustomPricing']);
      }
      setBusy(false);
    }
  };

  const multiselect = (
    label: string,
    options: MultiselectProps.Option[],
    selected: string[],
    onChange: (ids: string[]) => void,
    opts: { error?: string; optional?: boolean },
  ) => (
    <FormField label={opts.optional ? `${label} (optional)` : label} errorText={opts.error} stretch>
      <Multiselect
        options={options}
        selectedOptions={options.filter((o) => selected.includes(o.value ?? ''))}
        onChange={({ detail }) => onChange(detail.selectedOptions.map((o) => o.value ?? ''))}
        placeholder={opts.optional ? `Any ${label.toLowerCase()}` : `Choose ${label.toLowerCase()}`}
        filteringType="auto"
        ariaLabel={label}
        invalid={!!opts.error}
        disabled={busy}
        deselectAriaLabel={(o) => `Remove ${o.label ?? ''}`}
        tokenLimit={4}
        i18nStrings={{ tokenLimitShowMore: 'Show more chosen', tokenLimitShowFewer: 'Show fewer chosen' }}
      />
    </FormField>
  );

  const reference = preview?.rule.basis === 'cost' ? 'Cost' : 'Base price';
  return (
    <Modal
      visible
      size="x-large"
      header={`${MARGIN_TEXT.title}: ${customerName}`}
      onDismiss={() => !busy && onDismiss()}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={makePreview} disabled={busy}>
              Preview
            </Button>
            <Button
              variant="primary"
              onClick={() => void apply()}
              loading={busy}
              loadingText="Applying margin"
              disabled={!preview || stale || priced.length === 0}
              disabledReason={
                !preview ? 'Preview the margin first' : stale ? 'Preview the changed margin first' : undefined
              }
            >
              Apply
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="l">
        <ColumnLayout columns={3}>
          <FormField label="Direction">
            <SegmentedControl
              label="Direction"
              selectedId={direction}
              onChange={({ detail }) => setDirection(detail.selectedId as MarginRule['direction'])}
              options={[
                { id: '+', text: '+ Increase' },
                { id: '-', text: '− Decrease' },
              ]}
            />
          </FormField>
          <FormField label="Type">
            <SegmentedControl
              label="Type"
              selectedId={kind}
              onChange={({ detail }) => setKind(detail.selectedId as MarginRule['kind'])}
              options={[
                { id: '%', text: '% Percent' },
                { id: '$', text: '$ Dollars' },
              ]}
            />
          </FormField>
          <FormField label="Value" errorText={errors.value}>
            <Input
              value={value}
              onChange={({ detail }) => setValue(detail.value)}
              onKeyDown={({ detail }) => detail.key === 'Enter' && makePreview()}
              inputMode="decimal"
              placeholder={kind === '%' ? '10' : '2.50'}
              ariaLabel="Margin value"
              invalid={!!errors.value}
              disabled={busy}
            />
          </FormField>
        </ColumnLayout>
        <ColumnLayout columns={3}>
          <FormField label="Based on">
            <RadioGroup
              value={basis}
              onChange={({ detail }) => setBasis(detail.value as MarginRule['basis'])}
              ariaLabel="Based on"
              items={[
                { value: 'basePrice', label: 'Base price' },
                {
                  value: 'cost',
                  label: 'Cost',
                  disabled: !canUseCost,
                  description: canUseCost ? undefined : MARGIN_TEXT.costDisabled,
                },
              ]}
            />
          </FormField>
          <FormField label="Scope">
            <RadioGroup
              value={scopeType}
              onChange={({ detail }) => setScopeType(detail.value as ScopeType)}
              ariaLabel="Scope"
              items={[
                { value: 'all', label: 'All products' },
                { value: 'brands', label: 'Brands', description: 'Chosen brands, optionally only some types.' },
                { value: 'types', label: 'Types', description: 'Chosen types, optionally only some brands.' },
              ]}
            />
          </FormField>
        </ColumnLayout>
        {scopeType === 'brands' && (
          <ColumnLayout columns={2}>
            {multiselect('Brands', brandOptions, brandIds, setBrandIds, { error: errors.brands })}
            {multiselect('Types', typeOptions, typeIds, setTypeIds, { optional: true })}
          </ColumnLayout>
        )}
        {scopeType === 'types' && (
          <ColumnLayout columns={2}>
            {multiselect('Types', typeOptions, typeIds, setTypeIds, { error: errors.types })}
            {multiselect('Brands', brandOptions, brandIds, setBrandIds, { optional: true })}
          </ColumnLayout>
        )}
        {failure && (
          <Alert type="error" statusIconAriaLabel="Error" header={MARGIN_TEXT.failed}>
            {failure}
          </Alert>
        )}
        {stale && (
          <Alert type="info" statusIconAriaLabel="Info">
            The margin changed since the preview: preview it again before applying.
          </Alert>
        )}
        {preview && (
          <Table
            {...collectionProps}
            items={items}
            trackBy="productId"
            variant="embedded"
            contentDensity="compact"
            ariaLabels={{ tableLabel: 'Margin preview' }}
            header={
              <Box variant="h3" padding={{ top: 'xs' }}>
                Preview{' '}
                <Box variant="span" color="text-body-secondary" fontWeight="normal">
                  ({priced.length} to price{skipped ? `, ${skipped} skipped` : ''})
                </Box>
              </Box>
            }
            empty={<Box textAlign="center">{MARGIN_TEXT.noProducts}</Box>}
            pagination={<Pagination {...paginationProps} />}
            columnDefinitions={[
              { id: 'name', header: 'Product', cell: (r) => r.product.name, isRowHeader: true },
              { id: 'brand', header: 'Brand', cell: (r) => r.product.brandName },
              { id: 'type', header: 'Type', cell: (r) => r.product.typeName },
              { id: 'reference', header: reference, cell: (r) => usd(r.referencePrice) },
              {
                id: 'current',
                header: 'Current price',
                cell: (r) => usd(r.product.savedPrice ?? r.product.basePrice),
              },
              {
                id: 'new',
                header: 'New price',
                cell: (r) =>
                  r.skipped ? (
                    <StatusIndicator type="info">{usd(r.newPrice)} (skipped, keeps base price)</StatusIndicator>
                  ) : (
                    <Box fontWeight="bold">{usd(r.newPrice)}</Box>
                  ),
              },
            ]}
          />
        )}
      </SpaceBetween>
    </Modal>
  );
}
