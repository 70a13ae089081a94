import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import { fillToLimits, reachedLimits, type Brand } from '@bo/shared';
import { invalidateRoutes } from '../../../api/hooks';
import { useModals } from '../../../modals/context';
import { reachedLimitsText } from './limit-notes';
import OrderDetails from './OrderDetails';
import PurchasePreview from './PurchasePreview';
import RestockControls from './RestockControls';
import RestockTable from './RestockTable';
import type { RestockData } from './use-restock-data';
import type { PurchaseForm } from './use-purchase-form';
import './editor.css';

export const LIMITS_TEXT = {
  loading: 'The brand is still loading',
  onOrderFailed: 'Units on order could not be loaded',
  none: 'This brand has no stock limits (set them in Edit Brand Stock Limits)',
  skipped: (n: number) =>
    `${n} selected product${n === 1 ? ' has' : 's have'} no stock limit and kept ${n === 1 ? 'its' : 'their'} quantity.`,
} as const;

interface WorkspaceProps {
  form: PurchaseForm;
  data: RestockData;
  brands: { data?: readonly Brand[]; isPending: boolean; isError: boolean };
  onBrand: (brandId: string) => void;
  brandLocked: boolean;
  notes: { text: string; change: (value: string) => void };
  /** Above the details: Edit's status pickers. */
  top?: ReactNode;
  previewTitle: string;
  showCost: boolean;
  disabled: boolean;
}

/** What the last Fill to limits could not do, shown under the restock box until the next restock. */
interface LimitNote {
  type: 'info' | 'warning';
  text: string;
}

const hasLimits = (brand: Pick<Brand, 'maxBrandStock' | 'MaxProductStock'>) =>
  (brand.maxBrandStock !== null && brand.maxBrandStock !== undefined) || brand.MaxProductStock.length > 0;

/** The two sides both purchase-order dialogs show: details, restock box and product table; the preview. */
export default function PurchaseOrderWorkspace({
  form,
  data,
  brands,
  onBrand,
  brandLocked,
  notes,
  top,
  previewTitle,
  showCost,
  disabled,
}: WorkspaceProps) {
  const { openModal } = useModals();
  const queryClient = useQueryClient();
  const [limitNotes, setLimitNotes] = useState<LimitNote[]>([]);
  const { state } = form;
  const brand = data.brand.data;
  const brandName =
    state.brandId === null ? null : (brand?.name ?? brands.data?.find((b) => b.id === state.brandId)?.name ?? '');

  const limitsDisabledReason = !brand
    ? LIMITS_TEXT.loading
    : data.onOrder.isError
      ? LIMITS_TEXT.onOrderFailed
      : !hasLimits(brand)
        ? LIMITS_TEXT.none
        : data.onOrder.isPending
          ? LIMITS_TEXT.loading
          : null;

  const fillLimits = () => {
    if (!brand) return;
    const products = brand.products.map((p) => ({
      sku: p.sku,
      typeID: p.typeID,
      weight: p.weight,
      stock: p.stock,
      pendingOutboundQuantity: p.pendingOutboundQuantity,
      status: p.status,
      onOrder: data.onOrderBySku.get(p.sku) ?? 0,
    }));
    const limited = fillToLimits(brand, products, state.selected).filter((l) => l.limit !== null);
    form.setQuantities(new Map(limited.map((l) => [l.sku, l.orderQuantity])));
    const skipped = state.selected.length - limited.length;
    const reached = reachedLimitsText(reachedLimits(brand, products, limited), brand.products);
    setLimitNotes([
      ...reached.map((text) => ({ type: 'warning' as const, text })),
      ...(skipped > 0 ? [{ type: 'info' as const, text: LIMITS_TEXT.skipped(skipped) }] : []),
    ]);
  };

  const addProduct = () =>
    openModal('AddProduct', {
      onCreated: (product) => {
        void invalidateRoutes(queryClient, ['brands.getByID']);
        if (product.brandID === state.brandId) form.select(product.sku);
      },
    });

  return (
    <div className="po-layout">
      <div className="po-column">
        {top}
        <OrderDetails
          brands={brands}
          brandId={state.brandId}
          onBrand={onBrand}
          brandLocked={brandLocked}
          expectedDeliveryOn={state.expectedDeliveryOn}
          onExpectedDelivery={(day) => form.setState((s) => ({ ...s, expectedDeliveryOn: day }))}
          notes={notes.text}
          onNotes={notes.change}
          disabled={disabled}
        />
        <Container>
          <div className="po-products">
            <RestockControls
              selectedCount={form.lines.length}
              disabled={disabled || state.brandId === null}
              onApply={(mode, target) => {
                setLimitNotes([]);
                form.applyRestock(mode, target);
              }}
              onFillToLimits={fillLimits}
              limitsDisabledReason={limitsDisabledReason}
            />
            {limitNotes.map((note) => (
              <Alert
                key={note.text}
                type={note.type}
                statusIconAriaLabel={note.type === 'warning' ? 'Warning' : 'Info'}
                dismissible
                onDismiss={() => setLimitNotes((notes) => notes.filter((n) => n !== note))}
              >
                {note.text}
              </Alert>
            ))}
            <RestockTable
              form={form}
              rows={data.rows}
              brandSelected={state.brandId !== null}
              loading={data.brand.isPending}
              failed={data.brand.isError}
              onOrderKnown={data.onOrder.isSuccess}
              disabled={disabled}
              onAddProduct={addProduct}
            />
          </div>
        </Container>
      </div>
      <div className="po-column">
        <PurchasePreview
          form={form}
          title={previewTitle}
          brandName={brandName}
          showCost={showCost}
          disabled={disabled}
        />
      </div>
    </div>
  );
}
