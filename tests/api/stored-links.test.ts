import { randomUUID } from 'node:crypto';
import { WEB_LINK_MESSAGE, type Brand, type Customer, type Role, type User } from '@bo/shared';
import { describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/stack';

/**
 * Issue 21: links people store (a brand's or customer's website, an image, an avatar) are http(s) addresses
 * only. Each role that may write the record gets a 400 naming the field, nothing is stored, and a web
 * address still goes through.
 */
const SCRIPTED = [
  'javascript:alert(document.domain)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
];
const unique = () => randomUUID().slice(0, 8);
const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;

interface Refusal {
  message: string;
  issues: Array<{ path: string; message: string }>;
}

async function expectRefused(role: Role, method: string, path: string, body: object, field: string) {
  const result = await call<Refusal>(method, path, { token: await tokenFor(role), body });
  expect(result.status, `${role} ${method} ${path} ${field}`).toBe(400);
  expect(result.body.message).toBe(`${WEB_LINK_MESSAGE} (body.${field})`);
  expect(result.body.issues).toEqual([expect.objectContaining({ path: `body.${field}`, message: WEB_LINK_MESSAGE })]);
}

describe('stored links are http(s) only', () => {
  it('brands: a scripted website or image is a 400 for every catalogue writer, and is not stored', async () => {
    const admin = await tokenFor('ADMIN');
    const name = `Links ${unique()}`;
    const brand = await call<Brand>('POST', '/api/db/brands/addNew', {
      token: admin,
      body: { name, website: 'https://links.example.com' },
    });
    expect(brand.status).toBe(200);
    expect(brand.body.website).toBe('https://links.example.com');

    for (const role of ['ADMIN', 'PURCHASING', 'INVENTORY'] as const)
      for (const link of SCRIPTED) {
        await expectRefused(
          role,
          'POST',
          '/api/db/brands/addNew',
          { name: `Other ${unique()}`, website: link },
          'website',
        );
        await expectRefused(role, 'PUT', `/api/db/brands/update/${brand.body.id}`, { website: link }, 'website');
        await expectRefused(role, 'PUT', `/api/db/brands/update/${brand.body.id}`, { image: link }, 'image');
      }
    const after = await call<Brand>('GET', `/api/db/brands/getByID/${brand.body.id}`, { token: admin });
    expect(after.body).toMatchObject({ name, website: 'https://links.example.com' });
    expect(after.body.image ?? '').toBe('');
  });

  it('customers, product types and one’s own avatar refuse them too; an empty link clears it', async () => {
    const sales = await tokenFor('SALES');
    const customer = await call<Customer>('POST', '/api/db/customers/addNew', {
      token: sales,
      body: { customerName: `Links ${unique()}`, website: 'http://shop.example.com/leaf' },
    });
    expect(customer.status).toBe(200);
    for (const link of SCRIPTED) {
      await expectRefused('SALES', 'POST', '/api/db/customers/addNew', { customerName: 'x', website: link }, 'website');
      await expectRefused('SALES', 'PUT', `/api/db/customers/update/${customer.body.id}`, { image: link }, 'image');
      await expectRefused(
        'PURCHASING',
        'POST',
        '/api/db/products/addNewProductType',
        { name: 'x', image: link },
        'image',
      );
    }
    const cleared = await call<Customer>('PUT', `/api/db/customers/update/${customer.body.id}`, {
      token: sales,
      body: { website: '' },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.website ?? '').toBe('');

    // Every role edits its own profile: the avatar rule holds for each.
    for (const role of ['SALES', 'DRIVER', 'PAYROLL'] as const) {
      const self = subOf(await tokenFor(role));
      await expectRefused(role, 'PUT', `/api/db/users/update/${self}`, { avatar: 'javascript:alert(1)' }, 'avatar');
    }
    const self = subOf(await tokenFor('INVENTORY'));
    const avatar = await call<User>('PUT', `/api/db/users/update/${self}`, {
      token: await tokenFor('INVENTORY'),
      body: { avatar: 'https://cdn.example.com/me.png' },
    });
    expect(avatar.status).toBe(200);
    expect(avatar.body.avatar).toBe('https://cdn.example.com/me.png');
  });
});
