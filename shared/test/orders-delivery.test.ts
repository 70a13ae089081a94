import { describe, expect, it } from 'vitest';
import {
  defaultDeliveryDate,
  isDriverPickerDisabled,
  packingLocationFor,
  switchDeliveryType,
  systemDefaultLocationId,
} from '../src/index';

const locations = [
  { id: '1', isDefault: false },
  { id: '2', isDefault: true },
  { id: '3', isDefault: false },
];
const brands = [
  { id: 'acme', defaultLocationId: '3' },
  { id: 'blue', defaultLocationId: '3' },
  { id: 'cove', defaultLocationId: '1' },
  { id: 'dune' },
];

describe('packing location (spec sections 4 and 9)', () => {
  it("takes the brands' single common default location", () => {
    expect(packingLocationFor(['acme', 'blue', 'acme'], brands, locations)).toBe('3');
    expect(packingLocationFor(['cove'], brands, locations)).toBe('1');
  });
  it('else the system default location', () => {
    expect(packingLocationFor(['acme', 'cove'], brands, locations)).toBe('2');
    expect(packingLocationFor(['acme', 'dune'], brands, locations)).toBe('2');
    expect(packingLocationFor(['dune'], brands, locations)).toBe('2');
    expect(packingLocationFor([], brands, locations)).toBe('2');
    expect(packingLocationFor(['acme'], [{ id: 'acme', defaultLocationId: '9' }], locations)).toBe('2');
  });
  it("falls back to id '1' without a default location; numeric ids read as strings", () => {
    expect(systemDefaultLocationId([])).toBe('1');
    expect(systemDefaultLocationId([{ id: 4, isDefault: false }])).toBe('1');
    expect(systemDefaultLocationId([{ id: 4, isDefault: true }])).toBe('4');
    expect(packingLocationFor(['x'], [{ id: 'x', defaultLocationId: 3 }], [{ id: 3, isDefault: false }])).toBe('3');
  });
});

describe('delivery (spec section 4)', () => {
  const candidates = [
    { id: 'dora', role: ['SALES', 'DRIVER'] as const },
    { id: 'sam', role: ['SALES'] as const },
  ];
  it('pickup clears the driver and disables the picker', () => {
    const next = switchDeliveryType({ pickupOrder: false, driverId: 'dora' }, true, { candidates });
    expect(next).toEqual({ pickupOrder: true, driverId: null });
    expect(isDriverPickerDisabled(next)).toBe(true);
  });
  it("delivery selects the customer's account owner when that user is a driver", () => {
    const pickup = { pickupOrder: true, driverId: null };
    expect(switchDeliveryType(pickup, false, { accountOwnerID: 'dora', candidates })).toEqual({
      pickupOrder: false,
      driverId: 'dora',
    });
    expect(switchDeliveryType(pickup, false, { accountOwnerID: 'sam', candidates }).driverId).toBeNull();
    expect(switchDeliveryType(pickup, false, { accountOwnerID: 'dan', candidates: [{ id: 'dan' }] }).driverId).toBe(
      'dan',
    );
    expect(
      switchDeliveryType({ pickupOrder: false, driverId: 'dan' }, false, { accountOwnerID: null, candidates }).driverId,
    ).toBe('dan');
    expect(isDriverPickerDisabled({ pickupOrder: false })).toBe(false);
  });
  it('defaults the date to today in the given time zone', () => {
    const now = new Date('2025-03-06T05:30:00Z');
    expect(defaultDeliveryDate(now, 'UTC')).toBe('2025-03-06');
    expect(defaultDeliveryDate(now, 'America/Denver')).toBe('2025-03-05');
    expect(defaultDeliveryDate(new Date('2024-12-31T23:30:00Z'), 'Europe/Berlin')).toBe('2025-01-01');
  });
});
