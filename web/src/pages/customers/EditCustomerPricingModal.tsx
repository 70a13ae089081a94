import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import TextFilter from '@cloudscape-design/components/text-filter';
import { mayPriceOnCost, parsePriceInput } from '@bo/shared';
import { apiCall, errorMessage } from '../../api/client';
import { invalidateRoutes, useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import { useModals } from '../../modals/context';
import { useNotifications } from '../../notifications/notifications';
import BrandPricingGroups from './BrandPricingGroups';
import { countText as count } from '../../format/counts';
import CopyPricingFrom, { PRICE_ROUTES } from './CopyPricingFrom';
import {
  buildRows,
  filterOptions,
  filterRows,
  groupByBrand,
  isFiltered,
  NO_PRICING_FILTERS,
  planSize,
  savePlan,
  withPending,
  type PricingFilters,
  type PricingRow,
} from './pricing-model';
import SetMarginModal from './SetMarginModal';
import './customers.css';
import DialogNotifications from '../../notifications/DialogNotifications';
import ExportButton from '../../components/ExportButton';

export interface EditCustomerPricingModalProps {
  customerId: string;
  customerName: string;
}

declare module '../../modals/context' {
  interface ModalPropsByName {
    EditCustomerPricing: EditCustomerPricingModalProps;
  }
}

export const PRICING_TEXT = {
  loading: 'Loading...',
  loadError: 'Failed to load products.',
  saveFailed: 'Some prices were not saved.',
} as const;

const EMPTY_ROWS: PricingRow[] = [];

/**
 * Modal registry `EditCustomerPricing` (spec section 2): a per-brand accordion ('priced / total'), each with a
 * product table; a filter box and multi-select filters; bulk price and clear on the selected rows; Margin,
 * refresh, 'Copy Pricing From...' with Import; Update saves the unsaved edits, Download the spreadsheet.
 */
export default function EditCustomerPricingModal({
  customerId,
  customerName,
  onDismiss,
}: EditCustomerPricingModalProps & { onDismiss: () => void }) {
  const session = useSession();
  const { openModal } = useModals();
  const notify = useNotifications();
  const queryClient = useQueryClient();
  const products = useApiQuery('products.getAll', {});
  const prices = useApiQuery('customers.getCustomPricing', { params: { id: customerId } });

  const [filters, setFilters] = useState<PricingFilters>(NO_PRICING_FILTERS);
  const [pending, setPending] = useState<ReadonlyMap<string, number | null>>(new Map());
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [bulkPrice, setBulkPrice] = useState('');
  const [bulkError, setBulkError] = useState<string | undefined>();
  const [marginOpen, setMarginOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveFailure, setSaveFailure] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  const baseRows = useMemo(
    () => (products.data && prices.data ? buildRows(products.data, prices.data) : EMPTY_ROWS),
    [products.data, prices.data],
  );
  const rows = useMemo(() => withPending(baseRows, pending), [baseRows, pending]);
  const filtered = useMemo(() => filterRows(rows, filters), [rows, filters]);
  const groups = useMemo(() => groupByBrand(filtered), [filtered]);
  // The saved custom prices of the filtered products, in the custom prices import's format.
  const priceRecords = useMemo(
    () =>
      filtered.flatMap((r) =>
        r.savedPrice === undefined ? [] : [{ customer: customerName, sku: r.sku, customPrice: r.savedPrice }],
      ),
    [filtered, customerName],
  );
  const options = useMemo(() => filterOptions(baseRows), [baseRows]);
  const plan = useMemo(() => savePlan(baseRows, pending), [baseRows, pending]);
  const changes = planSize(plan);
  const selectedCount = selectedIds.size;

  const setRowSelection = useCallback((brandRows: readonly PricingRow[], chosen: readonly PricingRow[]) => {
    setSelectedIds((current) => {
      const next = new Set(current);
      for (const r of brandRows) next.delete(r.id);
      for (const r of chosen) next.add(r.id);
      return next;
    });
  }, []);

  const editOne = useCallback((row: PricingRow, price: number | null) => {
    setPending((current) => new Map(current).set(row.id, price));
  }, []);

  const stage = (price: number | null) =>
    setPending((current) => {
      const next = new Map(current);
      for (const id of selectedIds) next.set(id, price);
      return next;
    });

  const applyBulk = () => {
    if (selectedCount === 0 || bulkPrice.trim() === '') return;
    const parsed = parsePriceInput(bulkPrice);
    if ('error' in parsed) return setBulkError(parsed.error);
    setBulkError(undefined);
    stage(parsed.value);
    setBulkPrice('');
  };

  const save = async () => {
    if (changes === 0 || saving) return;
    setSaving(true);
    setSaveFailure(null);
    const done: string[] = [];
    try {
      for (const set of plan.sets) {
        await apiCall('customers.updateCustomPricing', { params: { customerId }, body: set });
        done.push(...set.productIds);
      }
      if (plan.removals.length > 0) {
        await apiCall('customers.deleteCustomPricing', {
          params: { customerId },
          body: { productIds: plan.removals },
        });
        done.push(...plan.removals);
      }
      await invalidateRoutes(queryClient, [...PRICE_ROUTES]);
      setPending(new Map());
      notify.success(`${count(done.length, 'price')} saved for ${customerName}`);
    } catch (error) {
      // Custom pricing update failures are logged (spec section 8); we also say so in the dialog.
      console.error('Custom pricing update failed', error);
      setSaveFailure(errorMessage(error, 'Try again.'));
      if (done.length > 0) {
        await invalidateRoutes(queryClient, [...PRICE_ROUTES]);
        setPending((current) => {
          const next = new Map(current);
          for (const id of done) next.delete(id);
          return next;
        });
      }
    } finally {
      setSaving(false);
    }
  };

  const close = () => {
    if (saving) return;
    if (changes === 0) return onDismiss();
    openModal('Confirmation', {
      title: 'Unsaved changes',
      message: `You have ${count(changes, 'unsaved price change')}. Are you sure you want to close?`,
      confirmLabel: 'Yes, close',
      cancelLabel: 'No, go back',
      onConfirm: onDismiss,
    });
  };

  const download = async () => {
    setDownloading(true);
    try {
      const { downloadCustomPricing } = await import('./pricing-export');
      const fileName = await downloadCustomPricing(
        customerName,
        filtered.map((r) => ({ ...r, price: r.savedPrice })),
      );
      notify.success(`Downloaded ${fileName}`);
    } catch (error) {
      console.error('Spreadsheet export failed', error);
      notify.error('The spreadsheet could not be built. Try again.');
    } finally {
      setDownloading(false);
    }
  };

  const multiselect = (key: keyof Omit<PricingFilters, 'text'>, label: string, opts: MultiselectProps.Option[]) => (
    <Multiselect
      options={opts}
      selectedOptions={opts.filter((o) => filters[key].includes(o.value ?? ''))}
      onChange={({ detail }) => setFilters((f) => ({ ...f, [key]: detail.selectedOptions.map((o) => o.value ?? '') }))}
      placeholder={label}
      ariaLabel={`Filter by ${label.toLowerCase()}`}
      filteringType={opts.length > 8 ? 'auto' : 'none'}
      hideTokens
      deselectAriaLabel={(o) => `Remove ${o.label ?? ''}`}
    />
  );

  const loading = products.isPending || prices.isPending;
  const failed = products.isError || prices.isError;
  const visibleIds = filtered.map((r) => r.id);
  const allVisibleSelected = visibleIds.length > 0 && visibleIds.every((id) => selectedIds.has(id));

  const body = (() => {
    if (loading) return <StatusIndicator type="loading">{PRICING_TEXT.loading}</StatusIndicator>;
    if (failed)
      return (
        <Alert
          type="error"
          statusIconAriaLabel="Error"
          action={
            <Button
              onClick={() => {
                void products.refetch();
                void prices.refetch();
              }}
            >
              Retry
            </Button>
          }
        >
          {PRICING_TEXT.loadError}
        </Alert>
      );
    return (
      <BrandPricingGroups
        groups={groups}
        noProducts={baseRows.length === 0}
        selectedIds={selectedIds}
        onSelectionChange={setRowSelection}
        onEdit={editOne}
        onClearFilters={() => setFilters(NO_PRICING_FILTERS)}
      />
    );
  })();

  const ready = !loading && !failed;
  return (
    <>
      <Modal
        visible
        size="max"
        header={`Custom Pricing: ${customerName}`}
        onDismiss={close}
        footer={
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16 }}>
            <Box color={changes ? 'text-status-info' : 'text-body-secondary'}>
              <span aria-live="polite">{changes ? count(changes, 'unsaved change') : 'No unsaved changes'}</span>
            </Box>
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={close} disabled={saving}>
                Close
              </Button>
              <Button
                iconName="download"
                onClick={() => void download()}
                loading={downloading}
                disabled={!ready || changes > 0}
                disabledReason={changes > 0 ? 'Update or discard your changes first' : undefined}
              >
                Download
              </Button>
              <ExportButton kind="customPrices" records={priceRecords} noun="custom price" loading={!ready} />
              <Button
                variant="primary"
                onClick={() => void save()}
                loading={saving}
                loadingText="Saving prices"
                disabled={changes === 0}
              >
                Update
              </Button>
            </SpaceBetween>
          </div>
        }
      >
        <DialogNotifications />
        <SpaceBetween size="m">
          {saveFailure !== null && (
            <Alert
              type="error"
              statusIconAriaLabel="Error"
              header={PRICING_TEXT.saveFailed}
              dismissible
              onDismiss={() => setSaveFailure(null)}
            >
              {saveFailure}
            </Alert>
          )}
          <Grid
            gridDefinition={[
              { colspan: { default: 12, m: 4 } },
              { colspan: { default: 6, m: 2 } },
              { colspan: { default: 6, m: 2 } },
              { colspan: { default: 6, m: 2 } },
              { colspan: { default: 6, m: 2 } },
            ]}
          >
            <TextFilter
              filteringText={filters.text}
              onChange={({ detail }) => setFilters((f) => ({ ...f, text: detail.filteringText }))}
              filteringPlaceholder="Filter products"
              filteringAriaLabel="Filter products"
              countText={isFiltered(filters) ? count(filtered.length, 'match', 'matches') : undefined}
            />
            {multiselect('brandIds', 'Brand', options.brands)}
            {multiselect('typeIds', 'Type', options.types)}
            {multiselect('genetics', 'Genetics', options.genetics)}
            {multiselect('extractTypeIds', 'Extract Type', options.extractTypes)}
          </Grid>
          <div className="bo-pricing-toolbar">
            <FormField
              label="Price for selected"
              errorText={bulkError}
              description={
                <>
                  {count(selectedCount, 'product')} selected ·{' '}
                  <Button
                    variant="inline-link"
                    disabled={visibleIds.length === 0}
                    onClick={() =>
                      setSelectedIds((current) => {
                        const next = new Set(current);
                        for (const id of visibleIds) {
                          if (allVisibleSelected) next.delete(id);
                          else next.add(id);
                        }
                        return next;
                      })
                    }
                  >
                    {allVisibleSelected
                      ? 'Deselect shown'
                      : `Select all ${visibleIds.length.toLocaleString('en-US')} shown`}
                  </Button>
                  {selectedCount > 0 && !allVisibleSelected && (
                    <>
                      {' · '}
                      <Button variant="inline-link" onClick={() => setSelectedIds(new Set())}>
                        Clear selection
                      </Button>
                    </>
                  )}
                </>
              }
            >
              <SpaceBetween direction="horizontal" size="xs">
                <Input
                  value={bulkPrice}
                  onChange={({ detail }) => {
                    setBulkPrice(detail.value);
                    setBulkError(undefined);
                  }}
                  onKeyDown={({ detail }) => detail.key === 'Enter' && applyBulk()}
                  placeholder="$0.00"
                  inputMode="decimal"
                  ariaLabel="Price for selected products"
                  invalid={!!bulkError}
                />
                <Button onClick={applyBulk} disabled={selectedCount === 0 || bulkPrice.trim() === ''}>
                  Set price
                </Button>
                <Button onClick={() => stage(null)} disabled={selectedCount === 0}>
                  Clear price
                </Button>
              </SpaceBetween>
            </FormField>
            <div className="bo-pricing-toolbar-end">
              <CopyPricingFrom
                customerId={customerId}
                customerName={customerName}
                unsavedChanges={changes}
                onCopied={() => setPending(new Map())}
              />
              <SpaceBetween direction="horizontal" size="xs">
                <Button iconName="settings" onClick={() => setMarginOpen(true)} disabled={!ready}>
                  Margin
                </Button>
                <Button
                  iconName="refresh"
                  ariaLabel="Refresh pricing"
                  onClick={() => openModal('RefreshCustomPricing', { customerId, customerName })}
                />
              </SpaceBetween>
            </div>
          </div>
          {body}
        </SpaceBetween>
      </Modal>
      {marginOpen && (
        <SetMarginModal
          customerId={customerId}
          customerName={customerName}
          rows={baseRows}
          brandOptions={options.brands}
          typeOptions={options.types}
          canUseCost={mayPriceOnCost(session.roles)}
          onApplied={(ids) => {
            setPending((current) => {
              const next = new Map(current);
              for (const id of ids) next.delete(id);
              return next;
            });
            notify.success(`Margin applied to ${count(ids.length, 'product')} for ${customerName}`);
          }}
          onDismiss={() => setMarginOpen(false)}
        />
      )}
    </>
  );
}
