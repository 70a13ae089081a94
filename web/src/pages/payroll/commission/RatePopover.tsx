import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Popover from '@cloudscape-design/components/popover';
import Slider from '@cloudscape-design/components/slider';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { COMMISSION_RATE_STEP, QUICK_COMMISSION_RATES } from '@bo/shared';

export const percent = (rate: number): string => `${Math.round(rate * 100)}%`;

interface RatePopoverProps {
  rate: number;
  onChange: (rate: number) => void;
  readOnly: boolean;
}

/** Commission Rate in the summary: a slider in 1 % steps, minus/plus and the quick rates 5–30 % (spec 2, 9). */
export default function RatePopover({ rate, onChange, readOnly }: RatePopoverProps) {
  if (readOnly) return <span data-testid="commission-rate">{percent(rate)}</span>;
  const step = (by: number) => onChange(Math.round((rate + by) * 100) / 100);
  return (
    <Popover
      triggerType="custom"
      renderWithPortal
      dismissButton
      header="Commission Rate"
      content={
        <SpaceBetween size="s">
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <Button
              iconName="subtract-minus"
              ariaLabel="Lower rate by 1%"
              disabled={rate <= 0}
              onClick={() => step(-COMMISSION_RATE_STEP)}
            />
            <Box fontWeight="bold">{percent(rate)}</Box>
            <Button
              iconName="add-plus"
              ariaLabel="Raise rate by 1%"
              disabled={rate >= 1}
              onClick={() => step(COMMISSION_RATE_STEP)}
            />
          </SpaceBetween>
          <Slider
            ariaLabel="Commission rate"
            min={0}
            max={100}
            step={1}
            value={Math.round(rate * 100)}
            valueFormatter={(v) => `${v}%`}
            onChange={({ detail }) => onChange(detail.value / 100)}
          />
          <SpaceBetween direction="horizontal" size="xxs">
            {QUICK_COMMISSION_RATES.map((r) => (
              <Button key={r} variant={r === rate ? 'primary' : 'normal'} onClick={() => onChange(r)}>
                {percent(r)}
              </Button>
            ))}
          </SpaceBetween>
        </SpaceBetween>
      }
    >
      <Button variant="inline-link" ariaLabel={`Commission rate ${percent(rate)}, change`}>
        <span data-testid="commission-rate">{percent(rate)}</span>
      </Button>
    </Popover>
  );
}
