import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createBrand,
  createCustomer,
  createProductType,
  dynamoClient,
  getCustomerWithPricing,
  listChangeLog,
  listPriceHistory,
  readPricingSnapshot,
  reRunPricing,
  setClients,
  setFixedPrice,
  setMargin,
  updateProduct,
  type Actor,
} from '@bo/functions/data';
import { createProductsBulk } from '@bo/functions/data/seed';
import type { Product } from '@bo/shared';
import { useFreshTable } from '../../functions/test/support/env';
import { handler } from '../src/jobs/refresh-pricing';

const sales: Actor = { userId: 'sales-1', roles: ['SALES'], isAdmin: false, name: 'Sam' };
const admin: Actor = { userId: 'admin-1', roles: ['ADMIN'], isAdmin: true, name: 'Ada' };

const PASS_THROUGH = [
  GetCommand,
  PutCommand,
  UpdateCommand,
  DeleteCommand,
  QueryCommand,
  BatchGetCommand,
  BatchWriteCommand,
] as const;

let original: DynamoDBDocumentClient;
let typeId: string;

beforeAll(async () => {
  await useFreshTable();
  original = dynamoClient();
  typeId = (await createProductType({ name: 'Flower' }, admin)).id;
});
afterEach(() => setClients({ dynamo: original }));

async function catalogue(name: string, count: number): Promise<Product[]> {
  const brand = await createBrand({ name, skucode: name.slice(0, 3).toUpperCase() }, admin);
  return createProductsBulk(
    Array.from({ length: count }, (_, i) => ({
      name: `${name} ${String(i).padStart(3, '0')}`,
      brandID: brand.id,
      typeID: typeId,
      status: 'ACTIVE' as const,
      basePrice: 30 + i,
      cost: 12,
      discountEligible: true,
      hasBatch: false,
      hideFromCatalog: false,
      stock: 5,
    })),
    admin,
  );
}

const customer = (customerName: string, autoRefreshPricing: boolean) =>
  createCustomer(
    {
      customerName,
      commpref: 'EMAIL',
      type: 'WHOLESALE',
      orderType: 'DELIVERY',
      priceAdjustment: 0,
      autoRefreshPricing,
    },
    sales,
  );

/** Raises base prices as a supplier increase would (through the product repository). */
const raise = (products: Product[], by: number) =>
  Promise.all(products.map((p) => updateProduct(p.id, { basePrice: p.basePrice + by }, admin)));

const priceMap = async (customerId: string) =>
  new Map((await getCustomerWithPricing(customerId)).customPricings.map((p) => [p.productId, p]));

describe('refresh-pricing job', () => {
  it('applies updates for automatic customers and only stores them for the others', async () => {
    const products = await catalogue('Auto Farms', 60);
    const auto = await customer('Auto Customer', true);
    const manual = await customer('Manual Customer', false);
    await setFixedPrice(
      auto.id,
      products.map((p) => p.id),
      25,
      sales,
    );
    await setFixedPrice(
      manual.id,
      products.slice(0, 10).map((p) => p.id),
      26,
      sales,
    );
    const rule = { direction: '+' as const, kind: '%' as const, basis: 'basePrice' as const, value: 10 };
    const marginProducts = products.slice(10, 15);
    await setMargin(
      manual.id,
      {
        rule,
        scope: { type: 'all' },
        prices: marginProducts.map((p) => ({ productId: p.id, customPrice: Math.round(p.basePrice * 110) / 100 })),
      },
      sales,
    );
    await raise(products, 2);

    const result = await handler();
    expect(result).toMatchObject({
      autoCustomers: 1,
      autoApplied: 60,
      failed: 0,
      customersWithUpdates: 1,
      pending: 15,
    });

    const autoPrices = await priceMap(auto.id);
    for (const p of products)
      expect(autoPrices.get(p.id)).toMatchObject({ customPrice: 27, source: 'fixed', referencePrice: p.basePrice + 2 });
    expect((await reRunPricing(auto.id)).personalizedPricingList).toEqual([]);
    const [entry] = (await listChangeLog('customer', auto.id, {})).entries;
    expect(entry).toMatchObject({ userId: 'system:refresh-pricing', notes: 'Pricing refresh' });

    // The manual customer's prices are untouched; its updates wait in the stored snapshot.
    const manualPrices = await priceMap(manual.id);
    expect(manualPrices.get(products[0]!.id)?.customPrice).toBe(26);
    const snapshot = await readPricingSnapshot();
    expect(snapshot?.generatedAt).toBe(result.generatedAt);
    expect(snapshot?.customers.map((c) => c.customerId)).toEqual([manual.id]);
    const stored = snapshot!.customers[0]!;
    expect(stored.pricedCount).toBe(15);
    expect(stored.personalizedPricingList.find((u) => u.productId === products[0]!.id)).toMatchObject({
      currentPrice: 26,
      newCustomPrice: 28,
      source: 'fixed',
    });
    const margin = marginProducts[0]!;
    expect(stored.personalizedPricingList.find((u) => u.productId === margin.id)).toMatchObject({
      source: 'margin',
      newCustomPrice: Math.round((margin.basePrice + 2) * 110) / 100,
    });

    // A second run finds nothing new to apply.
    expect(await handler()).toMatchObject({ autoApplied: 0, pending: 15, failed: 0 });
  });

  it('resumes after a failure part-way without applying anything twice', async () => {
    const products = await catalogue('Resume Growers', 100);
    const resume = await customer('Resume Customer', true);
    await setFixedPrice(
      resume.id,
      products.map((p) => p.id),
      20,
      sales,
    );
    await raise(products, 1);

    // Fail the second price-writing transaction of the run (the first chunk of ~49 prices is saved).
    const faultyClient = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
      marshallOptions: { removeUndefinedValues: true },
    });
    const real = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
      marshallOptions: { removeUndefinedValues: true },
    });
    const faulty = mockClient(faultyClient);
    // Every command goes to DynamoDB Local as it is; only the TransactWrite below is interfered with.
    for (const Command of PASS_THROUGH)
      faulty
        .on(Command as never)
        .callsFake(async (input: unknown) =>
          real.send(new (Command as unknown as new (i: unknown) => GetCommand)(input)),
        );
    let priceTransactions = 0;
    faulty.on(TransactWriteCommand).callsFake(async (input: TransactWriteCommandInput) => {
      const writesPrices = (input.TransactItems ?? []).some(
        (t) => (t.Put?.Item as Record<string, unknown> | undefined)?.__edb_e__ === 'priceHistory',
      );
      if (writesPrices && ++priceTransactions === 2)
        throw Object.assign(new Error('Throughput exceeds the current capacity'), {
          name: 'ProvisionedThroughputExceededException',
        });
      return real.send(new TransactWriteCommand(input));
    });
    setClients({ dynamo: faultyClient });
    await expect(handler()).rejects.toThrow(/failed for 1 customer\(s\): Resume Customer \(Saved 49 of 100/);
    faulty.restore();
    setClients({ dynamo: original });

    const partly = await priceMap(resume.id);
    const moved = products.filter((p) => partly.get(p.id)?.customPrice === 21);
    expect(moved).toHaveLength(49);
    expect(products.filter((p) => partly.get(p.id)?.customPrice === 20)).toHaveLength(51);
    // The snapshot holds what is really left.
    const between = await readPricingSnapshot();
    expect(between?.customers.find((c) => c.customerId === resume.id)?.personalizedPricingList).toHaveLength(51);

    const again = await handler();
    expect(again).toMatchObject({ autoApplied: 51, failed: 0 });
    const done = await priceMap(resume.id);
    for (const p of products)
      expect(done.get(p.id)).toMatchObject({ customPrice: 21, referencePrice: p.basePrice + 1 });
    const histories = await Promise.all(products.map((p) => listPriceHistory(resume.id, p.id)));
    for (const h of histories) expect(h.map((e) => e.price)).toEqual([21, 20]);
    expect((await readPricingSnapshot())?.customers.find((c) => c.customerId === resume.id)).toBeUndefined();
  });
});
