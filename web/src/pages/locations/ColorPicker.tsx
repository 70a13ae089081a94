import Box from '@cloudscape-design/components/box';
import { LOCATION_COLORS } from '@bo/shared';
import './locations.css';

export interface ColorPickerProps {
  /** `#rrggbb`, or '' when none is chosen yet. */
  value: string;
  onChange: (color: string) => void;
  /** Names the controls for assistive technology, e.g. 'the new location' or the location's name. */
  label: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Focus the first swatch on mount (inline editing). */
  autoFocus?: boolean;
  /** Two rows of smaller swatches and no readout, for a table cell. */
  compact?: boolean;
}

const presetName = (hex: string) => LOCATION_COLORS.find((c) => c.value === hex)?.name;

/**
 * Ten preset swatches plus the browser's color picker for any other color. The custom swatch shows a
 * color wheel until a custom color is chosen, then that color.
 */
export function ColorPicker({ value, onChange, label, disabled, invalid, autoFocus, compact }: ColorPickerProps) {
  const current = value.toLowerCase();
  const preset = presetName(current);
  const custom = current !== '' && !preset;
  const classes = ['bo-color-picker', compact && 'bo-color-picker-compact', invalid && 'bo-color-picker-invalid'];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <div className="bo-swatches" role="group" aria-label={`Preset colors for ${label}`}>
        {LOCATION_COLORS.map((color, i) => (
          <button
            key={color.value}
            type="button"
            className="bo-swatch"
            style={{ backgroundColor: color.value }}
            aria-pressed={current === color.value}
            aria-label={color.name}
            title={`${color.name} ${color.value}`}
            disabled={disabled}
            autoFocus={autoFocus && i === 0}
            onClick={() => onChange(color.value)}
          />
        ))}
      </div>
      <label className={`bo-custom-color${custom ? ' bo-custom-color-chosen' : ''}`} title="Pick any color">
        <span className="bo-custom-swatch" style={custom ? { background: current } : undefined}>
          <input
            type="color"
            value={current || '#000000'}
            disabled={disabled}
            aria-label={`Custom color for ${label}`}
            onChange={(event) => onChange(event.target.value.toLowerCase())}
          />
        </span>
        <span aria-hidden="true">Custom</span>
      </label>
      {!compact && (
        <Box variant="span" color={current ? 'text-body-secondary' : 'text-status-inactive'} fontSize="body-s">
          {current ? (preset ? `${preset} ${current}` : current) : 'No color chosen'}
        </Box>
      )}
    </div>
  );
}

/** A location's color: a round swatch, the preset's name (if it is one) and the hex value. */
export function ColorSwatch({ color }: { color: string }) {
  const name = presetName(color);
  return (
    <span className="bo-color-value">
      <span className="bo-color-dot" style={{ backgroundColor: color }} aria-hidden="true" />
      {name && <span>{name}</span>}
      <Box variant="span" color="text-body-secondary" fontSize="body-s">
        {color}
      </Box>
    </span>
  );
}
