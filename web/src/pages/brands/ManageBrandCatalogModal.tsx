import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Toggle from '@cloudscape-design/components/toggle';
import Tooltip from '@cloudscape-design/components/tooltip';
import type { Genetics, Product } from '@bo/shared';
import { apiCall } from '../../api/client';
import { apiQueryKey, invalidateRoutes, useApiQuery } from '../../api/hooks';
import ProductImage from '../../components/ProductImage';
import StockBadge from '../../components/StockBadge';

export interface ManageBrandCatalogModalProps {
  brandId: string;
  /** Shown in the title while the brand loads. */
  name?: string;
}

declare module '../../modals/context' {
  interface ModalPropsByName {
    ManageBrandCatalog: ManageBrandCatalogModalProps;
  }
}

/** The spec's visibility messages (sections 4 and 8); the result stays for 2 s. */
export const VISIBILITY_TEXT = {
  updating: 'Updating...',
  success: 'Success!',
  error: 'Error updating visibility',
} as const;
export const VISIBILITY_FEEDBACK_MS = 2000;

type Feedback = 'updating' | 'success' | 'error';

const GENETICS_COLOR: Record<Genetics, 'severity-low' | 'severity-medium' | 'blue'> = {
  INDICA: 'blue',
  SATIVA: 'severity-medium',
  HYBRID: 'severity-low',
};

/** "3 / 5 visible": products shown in the catalogue out of all of a group. */
export const visibleText = (products: ReadonlyArray<Pick<Product, 'hideFromCatalog'>>): string =>
  `${products.filter((p) => !p.hideFromCatalog).length} / ${products.length} visible`;

const weightLabel = (weight: number | undefined) => (weight === undefined ? 'No weight' : `${weight} g`);

function VisibilitySwitch({
  product,
  onChange,
}: {
  product: Product;
  onChange: (product: Product, visible: boolean) => Promise<void>;
}) {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [pending, setPending] = useState<boolean | null>(null);
  const anchor = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = async (visible: boolean) => {
    clearTimeout(timer.current);
    setPending(visible);
    setFeedback('updating');
    let result: Feedback = 'success';
    try {
      await onChange(product, visible);
    } catch (error) {
      console.error('Visibility update failed', error);
      result = 'error';
    }
    setPending(null);
    setFeedback(result);
    timer.current = setTimeout(() => setFeedback(null), VISIBILITY_FEEDBACK_MS);
  };

  const checked = pending ?? !product.hideFromCatalog;
  return (
    <span ref={anchor} style={{ display: 'inline-block' }}>
      <Toggle
        checked={checked}
        disabled={feedback === 'updating'}
        ariaLabel={`Show ${product.name} in the catalogue`}
        onChange={({ detail }) => void change(detail.checked)}
      />
      {feedback && (
        <Tooltip
          getTrack={() => anchor.current}
          position="top"
          content={
            <span role="status">
              {feedback === 'updating'
                ? VISIBILITY_TEXT.updating
                : feedback === 'success'
                  ? VISIBILITY_TEXT.success
                  : VISIBILITY_TEXT.error}
            </span>
          }
        />
      )}
    </span>
  );
}

function ProductLine({
  product,
  onChange,
}: {
  product: Product;
  onChange: (product: Product, visible: boolean) => Promise<void>;
}) {
  return (
    <li
      style={{
        display: 'grid',
        gridTemplateColumns: 'auto auto minmax(0, 1fr) auto',
        alignItems: 'center',
        gap: 12,
        padding: '6px 0',
        borderTop: '1px solid #e9ebed',
      }}
    >
      <VisibilitySwitch product={product} onChange={onChange} />
      <ProductImage src={product.image} alt="" size={32} />
      <div style={{ minWidth: 0 }}>
        <Box fontWeight="bold" color={product.hideFromCatalog ? 'text-status-inactive' : undefined}>
          {product.name}
        </Box>
        <Box variant="small" color="text-body-secondary">
          {product.sku}
          {product.status !== 'ACTIVE' ? ` · ${product.status}` : ''}
        </Box>
      </div>
      <SpaceBetween direction="horizontal" size="xs" alignItems="center">
        <StockBadge stock={product.stock} screen="catalog" />
        {product.genetics && <Badge color={GENETICS_COLOR[product.genetics]}>{product.genetics}</Badge>}
        {product.extractType && <Badge color="grey">{product.extractType.name}</Badge>}
      </SpaceBetween>
    </li>
  );
}

/**
 * Modal registry `ManageBrandCatalog`: the brand's product types as accordions ('visible / total visible'),
 * products grouped by weight, each with a visibility switch that saves at once.
 */
export default function ManageBrandCatalogModal({
  brandId,
  name,
  onDismiss,
}: ManageBrandCatalogModalProps & { onDismiss: () => void }) {
  const queryClient = useQueryClient();
  const key = apiQueryKey('brands.getByID', { params: { id: brandId } });
  const query = useApiQuery('brands.getByID', { params: { id: brandId } });
  const brand = query.data;

  const groups = useMemo(() => {
    const byType = new Map<string, { typeId: string; typeName: string; products: Product[] }>();
    for (const product of brand?.products ?? []) {
      const group = byType.get(product.typeID) ?? {
        typeId: product.typeID,
        typeName: product.type.name,
        products: [],
      };
      group.products.push(product);
      byType.set(product.typeID, group);
    }
    return [...byType.values()]
      .sort((a, b) => a.typeName.localeCompare(b.typeName, 'en-US'))
      .map((group) => {
        const weights = new Map<number | undefined, Product[]>();
        for (const p of [...group.products].sort((a, b) => a.name.localeCompare(b.name, 'en-US')))
          weights.set(p.weight, [...(weights.get(p.weight) ?? []), p]);
        return {
          ...group,
          weights: [...weights.entries()].sort(([a], [b]) => (a ?? Infinity) - (b ?? Infinity)),
        };
      });
  }, [brand]);

  const setVisibility = async (product: Product, visible: boolean) => {
    const saved = await apiCall('products.update', {
      params: { id: product.id },
      body: { hideFromCatalog: !visible },
    });
    queryClient.setQueryData(key, (current: typeof brand) =>
      current
        ? {
            ...current,
            products: current.products.map((p) =>
              p.id === product.id ? { ...p, hideFromCatalog: saved.hideFromCatalog } : p,
            ),
          }
        : current,
    );
    void invalidateRoutes(queryClient, ['products.getAll', 'products.getByID', 'products.getByBrandID']);
  };

  const title = brand?.name ?? name;
  return (
    <Modal
      visible
      size="large"
      header={title ? `Manage Catalogue: ${title}` : 'Manage Catalogue'}
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
          <StatusIndicator type="loading">Loading...</StatusIndicator>
        ) : (
          <Alert
            type="error"
            statusIconAriaLabel="Error"
            action={<Button onClick={() => void query.refetch()}>Retry</Button>}
          >
            Failed to load products.
          </Alert>
        )
      ) : groups.length === 0 ? (
        <Box textAlign="center" color="text-body-secondary">
          No products found
        </Box>
      ) : (
        <SpaceBetween size="s">
          <Box color="text-body-secondary">
            Switch a product off to hide it from the catalogue; each switch saves at once. {visibleText(brand.products)}{' '}
            in all.
          </Box>
          {groups.map((group) => (
            <ExpandableSection
              key={group.typeId}
              variant="container"
              headerText={group.typeName}
              headerCounter={visibleText(group.products)}
              headerAriaLabel={`${group.typeName}, ${visibleText(group.products)}`}
            >
              <SpaceBetween size="m">
                {group.weights.map(([weight, products]) => (
                  <section key={String(weight)} aria-label={`${group.typeName} ${weightLabel(weight)}`}>
                    <Box variant="h4" padding={{ bottom: 'xxs' }}>
                      {weightLabel(weight)}{' '}
                      <Box variant="span" color="text-body-secondary" fontWeight="normal">
                        ({visibleText(products)})
                      </Box>
                    </Box>
                    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                      {products.map((product) => (
                        <ProductLine key={product.id} product={product} onChange={setVisibility} />
                      ))}
                    </ul>
                  </section>
                ))}
              </SpaceBetween>
            </ExpandableSection>
          ))}
        </SpaceBetween>
      )}
    </Modal>
  );
}
