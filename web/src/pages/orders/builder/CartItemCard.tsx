import { memo, useState } from 'react';
import { replaceEqualDeep } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import {
  BATCH_MESSAGES,
  checkboxFill,
  decrementQuantity,
  formatUsd,
  incrementQuantity,
  lineSubtotalCents,
  parseQuantityInput,
  TAG_STATUSES,
  toCents,
  type BatchMode,
  type BatchRow,
} from '@bo/shared';
import { formatDay } from '../../../format/dates';
import { requestedUnits, type ItemView } from './cart-model';

export interface CartItemActions {
  onQuantity: (sku: string, quantity: number) => void;
  onMode: (sku: string, mode: BatchMode) => void;
  onRequest: (sku: string, batchId: string, text: string) => void;
  onRemove: (sku: string) => void;
}

const BADGE_STATUS = { OUT: 'error', LOW: 'warning', GOOD: 'success' } as const;

function QuantityStepper({
  name,
  quantity,
  onChange,
}: {
  name: string;
  quantity: number;
  onChange: (n: number) => void;
}) {
  // What is typed stays in the box while it is not a whole number; the quantity keeps its last good value.
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className="ob-stepper">
      <Button
        iconName="subtract-minus"
        variant="icon"
        ariaLabel={`Decrease quantity of ${name}`}
        disabled={quantity <= 1}
        onClick={() => {
          setDraft(null);
          onChange(decrementQuantity(quantity));
        }}
      />
      <div className="ob-stepper__input">
        <Input
          value={draft ?? String(quantity)}
          inputMode="numeric"
          ariaLabel={`Quantity of ${name}`}
          invalid={draft !== null && parseQuantityInput(draft) === null}
          onChange={({ detail }) => {
            setDraft(detail.value);
            const parsed = parseQuantityInput(detail.value);
            if (parsed !== null) onChange(parsed);
          }}
          onBlur={() => setDraft(null)}
        />
      </div>
      <Button
        iconName="add-plus"
        variant="icon"
        ariaLabel={`Increase quantity of ${name}`}
        onClick={() => {
          setDraft(null);
          onChange(incrementQuantity(quantity));
        }}
      />
    </div>
  );
}

function BatchTable({ view, actions }: { view: ItemView; actions: CartItemActions }) {
  const { item, mode, rows } = view;
  const name = item.template.productName;
  const manual = mode === 'manual';
  if (view.batchesLoading) return <StatusIndicator type="loading">Loading batches</StatusIndicator>;
  if (rows.length === 0)
    return (
      <Box variant="small" color="text-body-secondary">
        No checked-in batches
      </Box>
    );
  const cell = (row: BatchRow) => {
    if (!manual)
      return (
        <span className="ob-batch__auto" aria-label={`Units from batch ${row.batchNumber}`}>
          {row.selected}
        </span>
      );
    return (
      <div>
        <Input
          type="number"
          inputMode="numeric"
          value={item.requested[row.batchId] ?? ''}
          placeholder="0"
          disabled={row.disabled}
          invalid={Boolean(row.error)}
          ariaLabel={`Units from batch ${row.batchNumber}`}
          onChange={({ detail }) => actions.onRequest(item.sku, row.batchId, detail.value)}
        />
        {row.error ? (
          <Box variant="small" color="text-status-error">
            <span role="alert">{row.error}</span>
          </Box>
        ) : (
          row.selected !== requestedUnits(item.requested[row.batchId]) && (
            // The line's quantity caps what the batches give: say what is really used.
            <Box variant="small" color="text-body-secondary">
              {row.selected} used
            </Box>
          )
        )}
      </div>
    );
  };
  return (
    <table className="ob-batches" aria-label={`Batches of ${name}`}>
      <thead>
        <tr>
          {manual && <th scope="col">Use</th>}
          <th scope="col">Batch</th>
          <th scope="col">Received</th>
          <th scope="col">Available</th>
          <th scope="col">Units</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const checked = requestedUnits(item.requested[row.batchId]) > 0;
          return (
            <tr key={row.batchId}>
              {manual && (
                <td>
                  <Checkbox
                    checked={checked}
                    disabled={row.disabled && !checked}
                    ariaLabel={`Use batch ${row.batchNumber}`}
                    onChange={({ detail }) =>
                      actions.onRequest(
                        item.sku,
                        row.batchId,
                        detail.checked ? String(checkboxFill(view.input, row.batchId)) : '',
                      )
                    }
                  />
                </td>
              )}
              <td>{row.batchNumber}</td>
              <td>{formatDay(row.receivedOn)}</td>
              <td>
                <StatusIndicator
                  type={BADGE_STATUS[row.badge]}
                  colorOverride={row.badge === 'GOOD' ? 'grey' : undefined}
                >
                  {row.available}
                </StatusIndicator>
              </td>
              <td>{cell(row)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** One cart line: quantity stepper, price and amount, batch mode Auto | Manual with its table, tag status. */
function CartItemCard({
  view,
  actions,
  readOnly = false,
}: {
  view: ItemView;
  actions: CartItemActions;
  readOnly?: boolean;
}) {
  const { item } = view;
  const name = item.template.productName;
  const amount = lineSubtotalCents({ quantity: item.quantity, unitPrice: item.template.unitPrice });
  const untagged = view.mode === 'manual' && item.hasBatch ? item.quantity - view.selected : 0;
  return (
    <li className="ob-line" data-testid="cart-line" data-sku={item.sku} aria-label={name}>
      <div className="ob-line__head">
        <div className="ob-line__title">
          <div className="ob-product__name">{name}</div>
          <div className="ob-product__details">
            {item.sku} · {formatUsd(toCents(item.template.unitPrice))} each
          </div>
        </div>
        {readOnly ? (
          <span>{item.quantity}</span>
        ) : (
          <QuantityStepper name={name} quantity={item.quantity} onChange={(n) => actions.onQuantity(item.sku, n)} />
        )}
        <div className="ob-line__amount">{formatUsd(amount)}</div>
        {!readOnly && (
          <Button
            iconName="remove"
            variant="icon"
            ariaLabel={`Remove ${name}`}
            onClick={() => actions.onRemove(item.sku)}
          />
        )}
      </div>
      {item.hasBatch ? (
        <div className="ob-line__batches">
          <div className="ob-line__mode">
            <SegmentedControl
              label={`Batch selection for ${name}`}
              selectedId={view.mode}
              onChange={({ detail }) => actions.onMode(item.sku, detail.selectedId as BatchMode)}
              options={[
                { id: 'auto', text: 'Auto', disabled: readOnly },
                { id: 'manual', text: 'Manual', disabled: readOnly },
              ]}
            />
            <span
              className={`ob-tag ob-tag--${view.tagStatus === TAG_STATUSES.full ? 'full' : view.tagStatus === TAG_STATUSES.none ? 'none' : 'partial'}`}
              aria-label={`Tag status of ${name}`}
            >
              {view.tagStatus}
            </span>
          </div>
          <BatchTable view={view} actions={actions} />
          {view.result.messages.length > 0 && (
            <div className="ob-line__messages">
              {view.result.messages.map((message) => (
                <StatusIndicator key={message} type="warning">
                  {message}
                </StatusIndicator>
              ))}
            </div>
          )}
          {untagged > 0 && (
            <Box variant="small" color="text-body-secondary">
              {BATCH_MESSAGES.untagged(untagged)}
            </Box>
          )}
        </div>
      ) : (
        <Box variant="small" color="text-body-secondary">
          Not batched
        </Box>
      )}
    </li>
  );
}

type CartItemCardProps = Parameters<typeof CartItemCard>[0];

// The form makes every line's view anew on each render; a line whose view holds the same values is not drawn
// again (an answer for another part of the order, or a change to another line, leaves it as it is).
export const sameCard = (a: CartItemCardProps, b: CartItemCardProps) =>
  a.actions === b.actions && a.readOnly === b.readOnly && replaceEqualDeep(a.view, b.view) === a.view;

export default memo(CartItemCard, sameCard);
