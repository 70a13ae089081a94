import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonGroup from '@cloudscape-design/components/button-group';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import Toggle from '@cloudscape-design/components/toggle';
import type { Brand } from '@bo/shared';
import { apiCall } from '../../api/client';
import { apiQueryKey, invalidateRoutes, useApiMutation, useApiQuery } from '../../api/hooks';
import StockBadge from '../../components/StockBadge';
import {
  countsText,
  LIMIT_LABELS,
  LIMIT_STATUS,
  limitRows,
  limitText,
  parseLimit,
  type LimitRow,
} from '../../components/stock-limits';

export interface EditBrandStockLimitsModalProps {
  brandId: string;
  /** Shown in the title while the brand loads. */
  name?: string;
}

declare module '../../modals/context' {
  interface ModalPropsByName {
    EditBrandStockLimits: EditBrandStockLimitsModalProps;
  }
}

/** The routes whose answers carry a brand's limits or overview flag. */
const LIMIT_ROUTES = ['brands.getAll', 'brands.getBrandsWithProductCount'] as const;

function fieldLabel(row: LimitRow): string {
  return row.level === 'brand' ? LIMIT_LABELS.brand : `${LIMIT_LABELS[row.level]} for ${row.line.label}`;
}

/** Saves one limit line with the route of its level; null clears the limit. */
function saveLimit(brandId: string, row: LimitRow, value: number | null): Promise<Brand> {
  if (row.level === 'brand')
    return apiCall('brands.updateBrandStockLimit', { params: { brandId }, body: { maxBrandStock: value } });
  const typeId = row.line.typeId ?? '';
  if (row.level === 'type')
    return apiCall('brands.updateTypeStockLimit', { params: { brandId, typeId }, body: { maxStock: value } });
  return apiCall('brands.updateWeightStockLimit', {
    params: { brandId, typeId, weight: row.line.weight ?? 0 },
    body: { maxStock: value },
  });
}

/**
 * Modal registry `EditBrandStockLimits`: 'Show In Overview' (saves at once), the brand limit and a limit
 * per type and per type and weight, each with its own save and revert; Enter saves; empty means no limit.
 */
export default function EditBrandStockLimitsModal({
  brandId,
  name,
  onDismiss,
}: EditBrandStockLimitsModalProps & { onDismiss: () => void }) {
  const queryClient = useQueryClient();
  const key = apiQueryKey('brands.getByID', { params: { id: brandId } });
  const query = useApiQuery('brands.getByID', { params: { id: brandId } });
  const brand = query.data;
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState<Record<string, boolean>>({});

  const overview = useApiMutation('brands.update', { invalidates: [...LIMIT_ROUTES] });
  const rows = useMemo(() => (brand ? limitRows(brand, brand.products) : []), [brand]);

  /** Keeps the products of the cached brand and takes the brand fields the server answered with. */
  const applySaved = (saved: Brand) =>
    queryClient.setQueryData(key, (current: typeof brand) => (current ? { ...current, ...saved } : current));

  const save = async (row: LimitRow) => {
    if (!brand || saving.has(row.key)) return;
    const draft = drafts[row.key];
    if (draft === undefined) return;
    const value = parseLimit(draft);
    if (value === undefined || value === row.line.limit) return;
    setSaving((s) => new Set(s).add(row.key));
    setFailed(({ [row.key]: _old, ...rest }) => rest);
    try {
      applySaved(await saveLimit(brand.id, row, value));
      setDrafts(({ [row.key]: _saved, ...rest }) => rest);
      void invalidateRoutes(queryClient, LIMIT_ROUTES);
    } catch (error) {
      console.error('Stock limit save failed', error);
      setFailed((f) => ({ ...f, [row.key]: true }));
    } finally {
      setSaving((s) => {
        const next = new Set(s);
        next.delete(row.key);
        return next;
      });
    }
  };

  const revert = (row: LimitRow) => {
    setDrafts(({ [row.key]: _dropped, ...rest }) => rest);
    setFailed(({ [row.key]: _old, ...rest }) => rest);
  };

  const limitCell = (row: LimitRow) => {
    const text = drafts[row.key] ?? limitText(row.line.limit);
    const parsed = parseLimit(text);
    const invalid = parsed === undefined;
    const changed = drafts[row.key] !== undefined && !invalid && parsed !== row.line.limit;
    const busy = saving.has(row.key);
    return (
      <SpaceBetween size="xxs">
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <div style={{ width: 110 }}>
            <Input
              type="number"
              inputMode="numeric"
              step={1}
              value={text}
              placeholder="No limit"
              ariaLabel={fieldLabel(row)}
              invalid={invalid || failed[row.key]}
              disabled={busy}
              onChange={({ detail }) => setDrafts((d) => ({ ...d, [row.key]: detail.value }))}
              onKeyDown={({ detail }) => {
                if (detail.key === 'Enter') void save(row);
              }}
            />
          </div>
          <ButtonGroup
            variant="icon"
            ariaLabel={`${fieldLabel(row)} actions`}
            onItemClick={({ detail }) => (detail.id === 'save' ? void save(row) : revert(row))}
            items={[
              {
                type: 'icon-button',
                id: 'save',
                iconName: 'check',
                text: 'Save Changes',
                disabled: !changed || busy,
                loading: busy,
              },
              {
                type: 'icon-button',
                id: 'revert',
                iconName: 'undo',
                text: 'Revert Changes',
                disabled: (!changed && !invalid) || busy,
              },
            ]}
          />
        </SpaceBetween>
        {invalid && (
          <Box variant="small" color="text-status-error">
            A whole number of 0 or more, or empty for no limit
          </Box>
        )}
        {failed[row.key] && (
          <Box variant="small" color="text-status-error">
            Not saved. Try again.
          </Box>
        )}
      </SpaceBetween>
    );
  };

  const title = brand?.name ?? name;
  return (
    <Modal
      visible
      size="large"
      header={title ? `Stock Limits: ${title}` : 'Stock Limits'}
      onDismiss={onDismiss}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onDismiss}>
            Close
          </Button>
        </Box>
      }
    >
      {!brand ? (
        query.isPending ? (
          <StatusIndicator type="loading">Loading brand</StatusIndicator>
        ) : (
          <Alert
            type="error"
            statusIconAriaLabel="Error"
            action={<Button onClick={() => void query.refetch()}>Retry</Button>}
          >
            Failed to load brands.
          </Alert>
        )
      ) : (
        <SpaceBetween size="l">
          <SpaceBetween direction="horizontal" size="s" alignItems="center">
            <Toggle
              checked={!brand.hideInInventoryOverview}
              disabled={overview.isPending}
              onChange={({ detail }) =>
                overview.mutate(
                  { params: { id: brand.id }, body: { hideInInventoryOverview: !detail.checked } },
                  {
                    onSuccess: applySaved,
                    onError: (error) => console.error('Overview visibility update failed', error),
                  },
                )
              }
            >
              Show In Overview
            </Toggle>
            {overview.isPending && <StatusIndicator type="loading">Updating...</StatusIndicator>}
            {overview.isError && <StatusIndicator type="error">Not saved</StatusIndicator>}
          </SpaceBetween>
          <Table<LimitRow>
            variant="embedded"
            items={rows}
            trackBy="key"
            ariaLabels={{ tableLabel: 'Stock limits' }}
            empty={<Box textAlign="center">This brand has no products yet.</Box>}
            columnDefinitions={[
              {
                id: 'line',
                header: 'Line',
                isRowHeader: true,
                cell: (row) => (
                  <div style={{ paddingLeft: row.level === 'weight' ? 24 : row.level === 'type' ? 12 : 0 }}>
                    <Box variant="small" color="text-body-secondary">
                      {LIMIT_LABELS[row.level]}
                    </Box>
                    <Box fontWeight={row.level === 'weight' ? 'normal' : 'bold'}>
                      {row.level === 'brand' ? brand.name : row.line.label}
                    </Box>
                  </div>
                ),
              },
              { id: 'counts', header: 'Products · units', cell: (row) => countsText(row.line) },
              { id: 'limit', header: 'Limit', cell: limitCell, minWidth: 220 },
              {
                id: 'status',
                header: 'Stock against limit',
                cell: (row) => (
                  <SpaceBetween size="xxs">
                    <StatusIndicator type={LIMIT_STATUS[row.line.status].type}>
                      {LIMIT_STATUS[row.line.status].text}
                      {row.line.limit !== null ? ` (${row.line.stock} / ${row.line.limit})` : ''}
                    </StatusIndicator>
                    <StockBadge stock={row.line.stock} screen="catalog" />
                  </SpaceBetween>
                ),
              },
            ]}
          />
        </SpaceBetween>
      )}
    </Modal>
  );
}
