import { useMemo, useState, type ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Toggle from '@cloudscape-design/components/toggle';
import { formatUsd, lineSubtotalCents, type Cents, type OrderTotals } from '@bo/shared';
import { useProgressiveItems } from '../../../components/use-progressive-items';
import CartItemCard, { type CartItemActions } from './CartItemCard';
import type { ItemView } from './cart-model';

export interface DiscountState {
  on: boolean;
  text: string;
  notes: string;
}

export interface OrderPreviewProps {
  views: readonly ItemView[];
  actions: CartItemActions;
  totals: OrderTotals;
  discount: DiscountState;
  onDiscount: (next: Partial<DiscountState>) => void;
  /** Turns the typed discount into its normalized value (on blur). */
  onDiscountBlur: () => void;
  /** Roles that see costs (`canSeeCosts`) see the cost; `costToggle` adds the Show/Hide Cost switch (New Order). */
  showCost: boolean;
  costToggle?: boolean;
  actionsSlot?: ReactNode;
  readOnly?: boolean;
}

const FIRST_LINES = 1;
const LINES_PER_STEP = 1;
/** About what a line takes on a wide screen: its head, then (batched) its mode row and batch table. */
const estimatedLineHeight = (view: ItemView) => (view.item.hasBatch ? 122 + 28 * view.rows.length : 84);

interface BrandBlock {
  brand: string;
  views: ItemView[];
  amount: Cents;
}

/** Cart lines grouped by brand (A→Z), each brand with its amount. */
export function byBrand(views: readonly ItemView[]): BrandBlock[] {
  const blocks = new Map<string, BrandBlock>();
  for (const view of views) {
    const brand = view.item.template.productBrand || 'Other';
    const block: BrandBlock = blocks.get(brand) ?? { brand, views: [], amount: 0 };
    block.views.push(view);
    block.amount += lineSubtotalCents({ quantity: view.item.quantity, unitPrice: view.item.template.unitPrice });
    blocks.set(brand, block);
  }
  return [...blocks.values()].sort((a, b) => a.brand.localeCompare(b.brand, 'en-US'));
}

/**
 * The right side of the builder (spec section 2): Order Preview with the cart lines grouped by brand, the
 * subtotal, a Discount toggle with a dollar amount and a note, Cost (roles that see costs, with Show/Hide) and Total.
 */
export default function OrderPreview({
  views,
  actions,
  totals,
  discount,
  onDiscount,
  onDiscountBlur,
  showCost,
  costToggle = false,
  actionsSlot,
  readOnly,
}: OrderPreviewProps) {
  const [costShown, setCostShown] = useState(false);
  const blocks = useMemo(() => byBrand(views), [views]);
  // A line is a large piece of page (its batch table): opening an order draws the first line at once and one
  // more after each paint, each a short task instead of one long one. The lines not drawn yet keep their
  // estimated height, so the totals below them do not move into view and out again.
  // Only an order opened with its lines steps; lines added to a cart are drawn at once.
  const orderedViews = useMemo(() => blocks.flatMap((block) => block.views), [blocks]);
  const [opened] = useState(() => views.length > FIRST_LINES);
  const drawnCount = useProgressiveItems(orderedViews, opened ? FIRST_LINES : Infinity, LINES_PER_STEP).length;
  let budget = drawnCount;
  const drawn = blocks.flatMap((block) => {
    if (budget <= 0) return [];
    const lines = block.views.slice(0, budget);
    budget -= lines.length;
    return [{ ...block, views: lines }];
  });
  const pendingHeight = orderedViews.slice(drawnCount).reduce((sum, view) => sum + estimatedLineHeight(view), 0);
  return (
    <section className="ob-preview" aria-label="Order Preview">
      <Header variant="h2" actions={actionsSlot} counter={views.length ? `(${views.length})` : undefined}>
        Order Preview
      </Header>
      {blocks.length === 0 ? (
        <Box textAlign="center" color="text-body-secondary" padding="l">
          The cart is empty. Add products from the menu.
        </Box>
      ) : (
        drawn.map((block) => (
          <div key={block.brand} className="ob-brand">
            <div className="ob-brand__head">
              <Box variant="h3" tagOverride="h3">
                {block.brand}
              </Box>
              <Box fontWeight="bold">{formatUsd(block.amount)}</Box>
            </div>
            <ul className="ob-lines" aria-label={`${block.brand} lines`}>
              {block.views.map((view) => (
                <CartItemCard key={view.item.sku} view={view} actions={actions} readOnly={readOnly} />
              ))}
            </ul>
          </div>
        ))
      )}
      {pendingHeight > 0 && <div style={{ minBlockSize: pendingHeight }} aria-busy="true" />}
      <dl className="ob-totals">
        <div>
          <dt>Units</dt>
          <dd>{totals.unitQuantity}</dd>
        </div>
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="order-subtotal">{formatUsd(totals.subtotal)}</dd>
        </div>
      </dl>
      <div className="ob-discount">
        <Toggle checked={discount.on} onChange={({ detail }) => onDiscount({ on: detail.checked })} disabled={readOnly}>
          Discount
        </Toggle>
        {discount.on && (
          <div className="ob-discount__fields">
            <FormField label="Discount amount ($)">
              <Input
                value={discount.text}
                inputMode="decimal"
                placeholder="0.00"
                onChange={({ detail }) => onDiscount({ text: detail.value })}
                onBlur={onDiscountBlur}
                disabled={readOnly}
              />
            </FormField>
            <FormField label="Discount note" stretch>
              <Input
                value={discount.notes}
                onChange={({ detail }) => onDiscount({ notes: detail.value })}
                disabled={readOnly}
              />
            </FormField>
          </div>
        )}
      </div>
      <dl className="ob-totals">
        {discount.on && totals.discount > 0 && (
          <div>
            <dt>Discount</dt>
            <dd data-testid="order-discount">-{formatUsd(totals.discount)}</dd>
          </div>
        )}
        {showCost && (
          <div>
            <dt>
              Cost{' '}
              {costToggle && (
                <Button
                  variant="inline-link"
                  ariaLabel={costShown ? 'Hide cost' : 'Show cost'}
                  onClick={() => setCostShown((s) => !s)}
                >
                  {costShown ? 'Hide' : 'Show'}
                </Button>
              )}
            </dt>
            <dd data-testid="order-cost">{!costToggle || costShown ? formatUsd(totals.cost) : '••••'}</dd>
          </div>
        )}
        <div className="ob-totals__total">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatUsd(totals.total)}</dd>
        </div>
      </dl>
    </section>
  );
}
