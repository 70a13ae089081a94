import { useState } from 'react';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import { DEFAULT_RESTOCK_MODE, parseRestockTarget, type RestockMode } from '@bo/shared';

export const RESTOCK_TEXT = {
  fillTo: 'Fill To',
  setTo: 'Set To',
  apply: 'Apply',
  fillToLimits: 'Fill to limits',
  noSelection: 'Select products in the table first',
  badTarget: 'Enter a number of 0 or more',
} as const;

interface RestockControlsProps {
  selectedCount: number;
  disabled: boolean;
  onApply: (mode: RestockMode, target: number) => void;
  onFillToLimits: () => void;
  /** Why Fill to limits cannot run now (no limits loaded, none set …), or null. */
  limitsDisabledReason: string | null;
}

/**
 * The restock box (spec section 2): Fill To / Set To (Fill To first), a quantity box and Apply, which sets every
 * selected product's quantity; Apply works only with a non-empty number of at least 0 (spec section 5). Beside
 * it, Fill to limits (beyond the spec) fills the selected products up to the brand's stock limits.
 */
export default function RestockControls({
  selectedCount,
  disabled,
  onApply,
  onFillToLimits,
  limitsDisabledReason,
}: RestockControlsProps) {
  const [mode, setMode] = useState<RestockMode>(DEFAULT_RESTOCK_MODE);
  const [text, setText] = useState('');
  const target = parseRestockTarget(text);
  const noSelection = selectedCount === 0 ? RESTOCK_TEXT.noSelection : null;
  const applyReason = noSelection ?? (target === null ? RESTOCK_TEXT.badTarget : null);
  const apply = () => {
    if (target !== null && !noSelection && !disabled) onApply(mode, target);
  };

  return (
    <div className="po-restock">
      <FormField label="Restock mode">
        <SegmentedControl
          label="Restock mode"
          selectedId={mode}
          onChange={({ detail }) => setMode(detail.selectedId as RestockMode)}
          options={[
            { id: 'fillTo', text: RESTOCK_TEXT.fillTo, disabled },
            { id: 'setTo', text: RESTOCK_TEXT.setTo, disabled },
          ]}
        />
      </FormField>
      <FormField label={mode === 'fillTo' ? 'Fill each selected product to' : 'Set each selected product to'}>
        <div className="po-restock__target">
          <Input
            value={text}
            onChange={({ detail }) => setText(detail.value)}
            onKeyDown={({ detail }) => {
              if (detail.key === 'Enter') apply();
            }}
            inputMode="numeric"
            placeholder="Units"
            ariaLabel="Restock quantity"
            disabled={disabled}
          />
          <Button onClick={apply} disabled={disabled || applyReason !== null} disabledReason={applyReason ?? undefined}>
            {RESTOCK_TEXT.apply}
          </Button>
        </div>
      </FormField>
      <FormField label="Stock limits">
        <Button
          iconName="upload"
          onClick={onFillToLimits}
          disabled={disabled || noSelection !== null || limitsDisabledReason !== null}
          disabledReason={noSelection ?? limitsDisabledReason ?? undefined}
        >
          {RESTOCK_TEXT.fillToLimits}
        </Button>
      </FormField>
    </div>
  );
}
