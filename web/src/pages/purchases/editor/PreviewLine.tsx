import { memo } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Input from '@cloudscape-design/components/input';
import { purchaseLineSubtotalCents, toDollars } from '@bo/shared';
import { formatMoney } from '../../../format/money';
import type { PurchaseLine } from './use-purchase-form';

interface PreviewLineProps {
  line: PurchaseLine;
  showCost: boolean;
  disabled: boolean;
  onQuantity: (sku: string, text: string) => void;
  onRemove: (sku: string) => void;
}

/** One preview line: name, SKU (and unit cost), the editable quantity, the subtotal and a remove button. */
function PreviewLine({ line, showCost, disabled, onQuantity, onRemove }: PreviewLineProps) {
  const { row } = line;
  const locked = disabled || row.received === true;
  return (
    <li className="po-preview__line">
      <span className="po-preview__name">{row.name}</span>
      <span className="po-preview__detail">
        <Box variant="small" color="text-body-secondary">
          <span className="po-preview__sku">{row.sku}</span>
          {showCost && row.unitCost !== undefined && ` · ${formatMoney(row.unitCost)} each`}
          {row.received && ' · received'}
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
          onChange={({ detail }) => onQuantity(row.sku, detail.value)}
          inputMode="numeric"
          invalid={Boolean(line.error)}
          ariaLabel={`Preview quantity of ${row.name}`}
          disabled={locked}
        />
      </span>
      {showCost && (
        <span className="po-preview__money">
          {formatMoney(toDollars(purchaseLineSubtotalCents({ ...line, unitCost: row.unitCost })))}
        </span>
      )}
      <Button
        variant="icon"
        iconName="close"
        ariaLabel={`Remove ${row.name}`}
        disabled={locked}
        onClick={() => onRemove(row.sku)}
      />
    </li>
  );
}

/** Lines are rebuilt on every change; one re-renders only when what it shows changed. */
export default memo(
  PreviewLine,
  (a, b) =>
    a.line.row === b.line.row &&
    a.line.text === b.line.text &&
    a.line.error === b.line.error &&
    a.showCost === b.showCost &&
    a.disabled === b.disabled &&
    a.onQuantity === b.onQuantity &&
    a.onRemove === b.onRemove,
);
