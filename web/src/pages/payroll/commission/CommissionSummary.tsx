import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { formatUsd, type CommissionTotals } from '@bo/shared';
import { NO_VALUE } from '../../../format/dates';
import { BULK_FILTERS, type CommissionRow } from './commission-rows';
import RatePopover from './RatePopover';

function Figure({ label, children, id }: { label: string; children: React.ReactNode; id: string }) {
  return (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <div data-testid={`summary-${id}`}>{children}</div>
    </div>
  );
}

interface SummaryProps {
  totals: CommissionTotals;
  rate: number;
  onRate: (rate: number) => void;
  readOnly: boolean;
  /** Cost was left out of the answer: the cost, profit and net figures are unknown. */
  costsHidden: boolean;
}

/** The summary of the orders to be paid (spec section 2), from the shared `commissionTotals`. */
export function CommissionSummary({ totals, rate, onRate, readOnly, costsHidden }: SummaryProps) {
  const money = (cents: number) => (costsHidden ? NO_VALUE : formatUsd(cents));
  return (
    <ColumnLayout columns={6} variant="text-grid">
      <Figure id="orderValue" label="Total Order Value">
        {formatUsd(totals.orderValue)}
      </Figure>
      <Figure id="cost" label="Total Order Cost">
        {money(totals.cost)}
      </Figure>
      <Figure id="grossProfit" label="Total Gross Profit">
        {costsHidden ? NO_VALUE : `${formatUsd(totals.grossProfit)} (${totals.grossPercent.toFixed(1)}%)`}
      </Figure>
      <Figure id="rate" label="Commission Rate">
        <RatePopover rate={rate} onChange={onRate} readOnly={readOnly} />
      </Figure>
      <Figure id="commission" label="Total Commission">
        {formatUsd(totals.commission)}
      </Figure>
      <Figure id="netProfit" label="Total Net Profit">
        {money(totals.netProfit)}
      </Figure>
    </ColumnLayout>
  );
}

/** Bulk add (or remove) buttons: All, Paid, Delivered, Completed, each with how many rows it moves. */
export function BulkButtons({
  rows,
  verb,
  onMove,
}: {
  rows: CommissionRow[];
  verb: 'Add' | 'Remove';
  onMove: (rows: CommissionRow[]) => void;
}) {
  return (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <Box variant="span" fontWeight="bold">
        {verb}:
      </Box>
      {BULK_FILTERS.map((f) => {
        const matching = rows.filter(f.matches);
        return (
          <Button
            key={f.id}
            ariaLabel={`${verb} ${f.label} (${matching.length})`}
            disabled={matching.length === 0}
            onClick={() => onMove(matching)}
          >
            {f.label} ({matching.length})
          </Button>
        );
      })}
    </SpaceBetween>
  );
}
