import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Location } from '@bo/shared';
import { fakeApi, makeSession, renderApp } from './helpers';

const INVENTORY = makeSession({ userId: 'u-inv', name: 'Ivy Inventory', roles: ['INVENTORY'] });
const SALES = makeSession({ userId: 'u-sales', name: 'Sam Sales', roles: ['SALES'] });

const LIST = '/api/db/orders/getLocations';

beforeAll(async () => {
  await Promise.all([
    import('../src/app/AppShell'),
    import('../src/pages/home/HomePage'),
    import('../src/pages/locations/LocationsPage'),
    import('../src/components/ConfirmationModal'),
    import('../src/pages/brands/BrandsPage'),
    import('../src/pages/brands/AddBrandModal'),
  ]);
});
afterEach(() => vi.unstubAllGlobals());

const SEEDED: Location[] = [
  { id: '10', name: 'Will Call Counter', color: '#b07aa1', isDefault: false },
  { id: '1', name: 'Main Warehouse', color: '#4e79a7', isDefault: true },
  { id: '2', name: 'North Depot', color: '#f28e2b', isDefault: false },
];

function setup(session = INVENTORY, initial: Location[] = SEEDED) {
  let locations = initial.map((l) => ({ ...l }));
  const api = fakeApi()
    .on('GET', LIST, () => ({ body: locations }))
    .on('POST', '/api/db/orders/addLocation', (call) => {
      const body = call.body as { name: string; color: string };
      const created = { id: '11', ...body, isDefault: locations.length === 0 };
      locations = [...locations, created];
      return { body: created };
    });
  for (const l of initial) {
    api.on('PUT', `/api/db/orders/updateLocation/${l.id}`, (call) => {
      const body = call.body as Partial<Location>;
      locations = locations.map((x) =>
        x.id === l.id ? { ...x, ...body } : body.isDefault ? { ...x, isDefault: false } : x,
      );
      return { body: locations.find((x) => x.id === l.id) };
    });
    api.on('DELETE', `/api/db/orders/removeLocation/${l.id}`, () => {
      locations = locations.filter((x) => x.id !== l.id);
      return { body: { ok: true } };
    });
  }
  renderApp('/locations', session);
  return api;
}

/** The locations table: a grid for writers (inline editing), a plain table for readers. */
const findTable = () =>
  waitFor(
    () =>
      screen.queryByRole('grid', { name: 'Pickup locations' }) ??
      screen.getByRole('table', { name: 'Pickup locations' }),
  );

const rowOf = async (name: string) => {
  const table = await findTable();
  const cell = await within(table).findByText(name);
  return cell.closest('tr')!;
};

describe('Pickup Locations', () => {
  it('lists locations numbered by id with the default radio', async () => {
    setup();
    const table = await findTable();
    await within(table).findByText('Main Warehouse');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^1Main Warehouse/),
      expect.stringMatching(/^2North Depot/),
      expect.stringMatching(/^10Will Call Counter/),
    ]);
    const main = within(rows[0]!).getByRole('radio', { name: '(Default)' });
    expect(main).toBeChecked();
    expect(within(rows[1]!).getByRole('radio', { name: 'Set as default location' })).not.toBeChecked();
    expect(screen.getByText('(3)')).toBeInTheDocument();
  });

  it('adds a location: Add is disabled until both name and color are present', async () => {
    const user = userEvent.setup();
    const api = setup();
    const form = await screen.findByRole('form', { name: 'Add a location' });
    const add = within(form).getByRole('button', { name: 'Add location' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    await user.type(within(form).getByLabelText('Location name'), 'Dock 7');
    expect(add).toHaveAttribute('aria-disabled', 'true');
    // Enter with the color missing says what is missing.
    await user.keyboard('{Enter}');
    expect(await within(form).findByText('Location color is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/db/orders/addLocation')).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Teal' }));
    expect(within(form).getByRole('button', { name: 'Teal' })).toHaveAttribute('aria-pressed', 'true');
    expect(add).not.toHaveAttribute('aria-disabled');
    await user.click(add);
    await waitFor(() => expect(api.callsTo('POST', '/api/db/orders/addLocation')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/db/orders/addLocation')[0]?.body).toEqual({ name: 'Dock 7', color: '#76b7b2' });
    expect(await screen.findByText('Location Dock 7 added')).toBeInTheDocument();
    expect(await rowOf('Dock 7')).toBeTruthy();
    expect(within(form).getByLabelText('Location name')).toHaveValue('');
  });

  it('shows the name message when the name is cleared', async () => {
    const user = userEvent.setup();
    setup();
    const form = await screen.findByRole('form', { name: 'Add a location' });
    const name = within(form).getByLabelText('Location name');
    await user.type(name, 'x');
    await user.clear(name);
    await user.click(within(form).getByRole('button', { name: 'Blue' }));
    await user.click(name);
    await user.keyboard('{Enter}');
    expect(await within(form).findByText('Location name is required')).toBeInTheDocument();
  });

  it('makes another location the default', async () => {
    const user = userEvent.setup();
    const api = setup();
    const row = await rowOf('North Depot');
    await user.click(within(row).getByRole('radio', { name: 'Set as default location' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/orders/updateLocation/2')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/db/orders/updateLocation/2')[0]?.body).toEqual({ isDefault: true });
    expect(await screen.findByText('North Depot is the default location now')).toBeInTheDocument();
    await waitFor(async () =>
      expect(within(await rowOf('North Depot')).getByRole('radio', { name: '(Default)' })).toBeChecked(),
    );
    expect(within(await rowOf('Main Warehouse')).getByRole('radio')).not.toBeChecked();
  });

  it('changes a color in place', async () => {
    const user = userEvent.setup();
    const api = setup();
    const row = await rowOf('North Depot');
    await user.click(within(row).getByRole('button', { name: 'Edit color of North Depot' }));
    const editor = await within(row).findByRole('group', { name: 'Preset colors for North Depot' });
    await user.click(within(editor).getByRole('button', { name: 'Red' }));
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/orders/updateLocation/2')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/db/orders/updateLocation/2')[0]?.body).toEqual({ color: '#e15759' });
    expect(await screen.findByText('Color of North Depot changed')).toBeInTheDocument();
  });

  it('deletes after the confirmation; the default cannot be deleted', async () => {
    const user = userEvent.setup();
    const api = setup();
    const main = await rowOf('Main Warehouse');
    expect(within(main).getByRole('button', { name: 'Delete Main Warehouse' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(within(await rowOf('North Depot')).getByRole('button', { name: 'Delete North Depot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete location' });
    expect(within(dialog).getByText('Are you sure you want to delete the North Depot location?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/db/orders/removeLocation/2')).toHaveLength(1));
    expect(await screen.findByText('Location North Depot deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('North Depot')).not.toBeInTheDocument());
  });

  it('shows the empty and the error states', async () => {
    setup(INVENTORY, []);
    expect(await screen.findByText('No locations found')).toBeInTheDocument();
    vi.unstubAllGlobals();
    fakeApi().on('GET', LIST, { status: 500, body: { message: 'Something went wrong on our side' } });
    renderApp('/locations', INVENTORY);
    expect(await screen.findByText('Error loading locations')).toBeInTheDocument();
  });

  it('is read-only for roles that cannot write', async () => {
    setup(SALES);
    const row = await rowOf('Main Warehouse');
    expect(within(row).getByText('(Default)')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a location' })).not.toBeInTheDocument();
    expect(screen.getByText(/Purchasing, inventory and admin staff add, change and delete them/)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit color/ })).not.toBeInTheDocument();
  });
});

describe('Brand default location', () => {
  it('is a select of the locations (the default marked), sent as the location id', async () => {
    const user = userEvent.setup();
    const api = fakeApi()
      .on('GET', LIST, { body: SEEDED })
      .on('GET', '/api/db/brands/getBrandsWithProductCount', { body: [] })
      .on('GET', '/api/db/users/getAll', { body: { res: [] } })
      .on('POST', '/api/db/brands/addNew', (call) => ({
        body: {
          id: 'b-9',
          excludeFromReporting: false,
          hideInInventoryOverview: false,
          MaxProductStock: [],
          createdAt: '2025-01-01T00:00:00.000Z',
          modifiedOn: '2025-01-01T00:00:00.000Z',
          ...(call.body as object),
        },
      }));
    renderApp('/brands', INVENTORY);
    // The header's button (an empty list offers one too).
    await user.click((await screen.findAllByRole('button', { name: 'Add brand' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add New Brand' });
    await user.type(within(dialog).getByLabelText('Brand name'), 'Comet');
    await user.click(within(dialog).getByRole('button', { name: /^Default location/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringMatching(/^No default location/),
      expect.stringMatching(/^Main Warehouse.*#1.*\(Default\)/),
      expect.stringMatching(/^North Depot.*#2/),
      expect.stringMatching(/^Will Call Counter.*#10/),
    ]);
    await user.click(screen.getByRole('option', { name: /North Depot/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add brand' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/db/brands/addNew')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/db/brands/addNew')[0]?.body).toMatchObject({
      name: 'Comet',
      defaultLocationId: '2',
    });
  });
});
