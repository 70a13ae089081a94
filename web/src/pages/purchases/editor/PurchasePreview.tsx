import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import { toDollars } from '@bo/shared';
import { formatMoney } from '../../../format/money';
import { groupByTypeAndWeight } from './preview-groups';
import PreviewLine from './PreviewLine';
import type { PurchaseForm } from './use-purchase-form';

export const PREVIEW_TEXT = {
  noBrand: 'Select a brand to start your order',
  noLines: 'Select products in the table to add them here.',
} as const;

interface PurchasePreviewProps {
  form: PurchaseForm;
  title: string;
  brandName: string | null;
  /** Cost, subtotals and the total: PURCHASING and ADMIN only (`canSeeCosts`). */
  showCost: boolean;
  disabled: boolean;
}

/** The right side (spec section 2): lines grouped by type and weight, with editable quantities and the total. */
export default function PurchasePreview({ form, title, brandName, showCost, disabled }: PurchasePreviewProps) {
  const groups = useMemo(() => groupByTypeAndWeight(form.lines), [form.lines]);
  const { totals } = form;
  // Stable handlers, so a keystroke re-renders only the line whose quantity changed (a restock of a whole
  // brand can put a thousand lines here).
  const latest = useRef(form);
  useLayoutEffect(() => {
    latest.current = form;
  });
  const onQuantity = useCallback((sku: string, text: string) => latest.current.setQuantity(sku, text), []);
  const onRemove = useCallback((sku: string) => latest.current.unselect(sku), []);
  return (
    <Container
      header={
        <Header variant="h2" description={brandName ?? undefined}>
          {title}
        </Header>
      }
      footer={
        form.lines.length > 0 && (
          <div className="po-preview__totals">
            <span>
              Units: <b data-testid="po-units">{totals.unitQuantity.toLocaleString('en-US')}</b>
            </span>
            {showCost && (
              <span>
                Total: <b data-testid="po-total">{formatMoney(toDollars(totals.total))}</b>
              </span>
            )}
          </div>
        )
      }
    >
      {brandName === null ? (
        <Box color="text-body-secondary">{PREVIEW_TEXT.noBrand}</Box>
      ) : form.lines.length === 0 ? (
        <Box color="text-body-secondary">{PREVIEW_TEXT.noLines}</Box>
      ) : (
        <div className="po-preview">
          {groups.map((group) => (
            <section key={group.type} className="po-preview__type" aria-label={group.type}>
              <Box variant="h3">{group.type}</Box>
              {group.weights.map((w) => (
                <div key={w.key} className="po-preview__weight">
                  <Box variant="h4" color="text-body-secondary">
                    {w.label}
                  </Box>
                  <ul className="po-preview__lines">
                    {w.lines.map((line) => (
                      <PreviewLine
                        key={line.row.sku}
                        line={line}
                        showCost={showCost}
                        disabled={disabled}
                        onQuantity={onQuantity}
                        onRemove={onRemove}
                      />
                    ))}
                  </ul>
                </div>
              ))}
            </section>
          ))}
        </div>
      )}
    </Container>
  );
}
