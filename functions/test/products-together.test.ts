import { beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCTS_PER_TRANSACTION,
  createBrand,
  createProductType,
  createProductsTogether,
  listProducts,
} from '../src/data';
import { useFreshTable } from './support/env';

const actor = { userId: 'inv-1', roles: ['INVENTORY' as const], isAdmin: false, name: 'Ivy' };

beforeAll(useFreshTable);

describe('products created together (an import commit)', () => {
  it('fits the largest group in one transaction when every product has a brand and a type of its own', async () => {
    // The worst case for the transaction's size: no brand count, type count, stock ledger bucket or movement
    // bucket shared between two products (the CI import of a crowded stack once made 104 items of 16 products).
    const inputs = [];
    for (let i = 0; i < PRODUCTS_PER_TRANSACTION; i++) {
      const brand = await createBrand({ name: `Solo Brand ${i}`, skucode: `SB${String(i).padStart(2, '0')}` }, actor);
      const type = await createProductType({ name: `Solo Type ${i}` }, actor);
      inputs.push({
        name: `Solo ${i}`,
        brandID: brand.id,
        typeID: type.id,
        status: 'ACTIVE' as const,
        basePrice: 10,
        cost: 4,
        discountEligible: true,
        hasBatch: false,
        hideFromCatalog: false,
        stock: 5 + i,
      });
    }
    await createProductsTogether(inputs, actor);
    const made = (await listProducts()).filter((p) => p.name.startsWith('Solo '));
    expect(made).toHaveLength(PRODUCTS_PER_TRANSACTION);
    expect(made.map((p) => p.stock).sort((a, b) => a - b)).toEqual(inputs.map((i) => i.stock));
  });
});
