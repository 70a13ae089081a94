import { useState } from 'react';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { formatUsd, toCents, toDollars, type Cents } from '@bo/shared';

export const COST_BELOW_ZERO = "Cost can't be below 0";

interface CostPopoverProps {
  orderNum: string;
  /** The order's own cost and the adjusted one (null: none). */
  cost: Cents;
  adjustedCost: Cents | null;
  onChange: (cost: Cents | null) => void;
}

/** To-be-paid Cost cell: the cost commission counts, edited in a popover (at least 0) with Reset Cost. */
export default function CostPopover({ orderNum, cost, adjustedCost, onChange }: CostPopoverProps) {
  const shown = adjustedCost ?? cost;
  const [text, setText] = useState(String(toDollars(shown)));
  const value = Number(text);
  const invalid = text.trim() === '' || !Number.isFinite(value) || value < 0;

  const type = (next: string) => {
    setText(next);
    const n = Number(next);
    if (next.trim() !== '' && Number.isFinite(n) && n >= 0) onChange(toCents(n));
  };

  return (
    <Popover
      triggerType="custom"
      renderWithPortal
      dismissButton
      header={`Cost of order ${orderNum}`}
      content={
        <SpaceBetween size="s">
          <FormField label="Cost" errorText={invalid ? COST_BELOW_ZERO : undefined}>
            <Input
              type="number"
              inputMode="decimal"
              value={text}
              ariaLabel={`Cost of order ${orderNum}`}
              onChange={({ detail }) => type(detail.value)}
            />
          </FormField>
          <Button
            onClick={() => {
              setText(String(toDollars(cost)));
              onChange(null);
            }}
            disabled={adjustedCost === null}
          >
            Reset Cost
          </Button>
        </SpaceBetween>
      }
    >
      <Button variant="inline-link" ariaLabel={`Edit cost of order ${orderNum}`} wrapText={false}>
        <span className={adjustedCost === null ? undefined : 'commission-adjusted'}>{formatUsd(shown)}</span>
      </Button>
    </Popover>
  );
}
