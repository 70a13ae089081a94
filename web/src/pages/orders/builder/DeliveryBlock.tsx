import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { isDriverPickerDisabled, type Driver, type Location } from '@bo/shared';
import { dayError } from '../../../components/date-window';
import WindowDatePicker from '../../../components/WindowDatePicker';

export const DELIVERY_TEXT = {
  driversError: 'Error Loading Drivers',
  locationsError: 'Error Loading Locations',
  noLocations: 'No locations available',
} as const;

export interface DeliveryValue {
  pickupOrder: boolean;
  deliveryDate: string;
  driverId: string | null;
  packingLocationId: string | null;
}

export interface DeliveryBlockProps {
  value: DeliveryValue;
  drivers: { data?: Driver[]; isError: boolean; isPending: boolean };
  locations: { data?: Location[]; isError: boolean; isPending: boolean };
  onPickup: (pickup: boolean) => void;
  onChange: (next: Partial<DeliveryValue>) => void;
  disabled?: boolean;
}

const NO_DRIVER: SelectProps.Option = { value: '', label: 'No driver' };

/**
 * The Delivery/Pickup panel (spec sections 2 and 4): type, date (today by default), driver (disabled for a
 * pickup) and packing location.
 */
export default function DeliveryBlock({ value, drivers, locations, onPickup, onChange, disabled }: DeliveryBlockProps) {
  const driverOptions: SelectProps.Option[] = [
    NO_DRIVER,
    ...(drivers.data ?? []).map((d) => ({ value: d.id, label: d.name })),
  ];
  const selectedDriver =
    value.driverId === null
      ? NO_DRIVER
      : (driverOptions.find((o) => o.value === value.driverId) ?? { value: value.driverId, label: value.driverId });
  const locationOptions: SelectProps.Option[] = (locations.data ?? []).map((l) => ({
    value: l.id,
    label: l.isDefault ? `${l.name} (Default)` : l.name,
    iconSvg: (
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="6" fill={l.color} />
      </svg>
    ),
  }));
  const selectedLocation = locationOptions.find((o) => o.value === value.packingLocationId) ?? null;
  const driverDisabled = isDriverPickerDisabled(value);

  return (
    <div className="ob-delivery" role="group" aria-label="Delivery">
      <FormField label="Delivery type">
        <SegmentedControl
          label="Delivery type"
          selectedId={value.pickupOrder ? 'pickup' : 'delivery'}
          onChange={({ detail }) => onPickup(detail.selectedId === 'pickup')}
          options={[
            { id: 'delivery', text: 'Delivery', disabled },
            { id: 'pickup', text: 'Pickup', disabled },
          ]}
        />
      </FormField>
      <FormField
        label={value.pickupOrder ? 'Pickup date' : 'Delivery date'}
        errorText={dayError(value.pickupOrder ? 'Pickup date' : 'Delivery date', value.deliveryDate)}
      >
        <WindowDatePicker
          value={value.deliveryDate}
          onChange={({ detail }) => onChange({ deliveryDate: detail.value })}
          placeholder="YYYY/MM/DD"
          openCalendarAriaLabel={(selected) => `Choose date${selected ? `, selected ${selected}` : ''}`}
          ariaLabel={value.pickupOrder ? 'Pickup date' : 'Delivery date'}
          disabled={disabled}
        />
      </FormField>
      <FormField label="Driver" errorText={drivers.isError ? DELIVERY_TEXT.driversError : undefined}>
        <Select
          selectedOption={driverDisabled ? NO_DRIVER : selectedDriver}
          options={driverOptions}
          onChange={({ detail }) => onChange({ driverId: detail.selectedOption.value || null })}
          disabled={disabled || driverDisabled || drivers.isError}
          statusType={drivers.isPending ? 'loading' : drivers.isError ? 'error' : 'finished'}
          loadingText="Loading drivers"
          errorText={DELIVERY_TEXT.driversError}
          ariaLabel="Driver"
        />
      </FormField>
      <FormField label="Packing location" errorText={locations.isError ? DELIVERY_TEXT.locationsError : undefined}>
        {locations.data && locations.data.length === 0 ? (
          <Box color="text-body-secondary">{DELIVERY_TEXT.noLocations}</Box>
        ) : (
          <Select
            selectedOption={selectedLocation}
            options={locationOptions}
            onChange={({ detail }) => onChange({ packingLocationId: detail.selectedOption.value ?? null })}
            disabled={disabled || locations.isError}
            statusType={locations.isPending ? 'loading' : locations.isError ? 'error' : 'finished'}
            loadingText="Loading locations"
            errorText={DELIVERY_TEXT.locationsError}
            empty={DELIVERY_TEXT.noLocations}
            placeholder="Choose a location"
            ariaLabel="Packing location"
          />
        )}
      </FormField>
    </div>
  );
}
