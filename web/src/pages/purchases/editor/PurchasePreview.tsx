import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import { purchaseLineSubtotalCents, toDollars } from '@bo/shared';
import { formatMoney } from '../../../format/money';
import { groupByTypeAndWeight } from './preview-groups';
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
  const groups = groupByTypeAndWeight(form.lines);
  const { totals } = form;
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
                      <li key={line.row.sku} className="po-preview__line">
                        <span className="po-preview__name">
                          {line.row.name}
                          <Box variant="small" display="block" color="text-body-secondary">
                            {line.row.sku}
                            {showCost && line.row.unitCost !== undefined && ` · ${formatMoney(line.row.unitCost)} each`}
                          </Box>
                          {line.error && (
                            <Box variant="small" display="block" color="text-status-error">
                              {line.error}
                            </Box>
                          )}
                        </span>
                        <span className="po-qty">
                          <Input
                            value={line.text}
                            onChange={({ detail }) => form.setQuantity(line.row.sku, detail.value)}
                            inputMode="numeric"
                            invalid={Boolean(line.error)}
                            ariaLabel={`Preview quantity of ${line.row.name}`}
                            disabled={disabled}
                          />
                        </span>
                        {showCost && (
                          <span className="po-preview__money">
                            {formatMoney(
                              toDollars(purchaseLineSubtotalCents({ ...line, unitCost: line.row.unitCost })),
                            )}
                          </span>
                        )}
                        <Button
                          variant="icon"
                          iconName="close"
                          ariaLabel={`Remove ${line.row.name}`}
                          disabled={disabled}
                          onClick={() => form.setSelected(form.state.selected.filter((s) => s !== line.row.sku))}
                        />
                      </li>
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
