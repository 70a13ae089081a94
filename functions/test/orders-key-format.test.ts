import { beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../src/data/core';
import { dynamoClient, put, resetClients } from '../src/data/core';
import {
  createLocation,
  defaultLocationId,
  getOrder,
  listDeliveriesOf,
  listLocations,
  listOrdersBetween,
  listOrdersOfCustomer,
  listPendingOrders,
  pendingOutboundOf,
  takeOrderNumber,
} from '../src/data';
import { type OrderHeaderItem, type StoredLine, orderEntity, orderLinesEntity } from '../src/data/orders/entity';
import { orderCounterEntity, orderNumberEntity } from '../src/data/orders/number-entities';
import {
  locationCounterEntity,
  locationDefaultEntity,
  locationEntity,
  locationNameEntity,
} from '../src/data/locations/entity';
import { legacyService } from './support/legacy-order-entities';
import { useFreshTable } from './support/env';

/**
 * Orders and locations moved from ElectroDB to the data core with no migration: the core writes the same
 * items (keys, index keys, markers) ElectroDB wrote, reads what ElectroDB wrote, and ElectroDB reads what
 * the core writes. The legacy models are ElectroDB's own definitions of these items before the move.
 */

const line = (i: number): StoredLine => ({
  id: `line-${i}`,
  productId: 'P-1',
  sku: 'ACM-FLO-0007',
  batchId: i % 2 ? 'B-1' : null,
  ...(i % 2 ? { batchNumber: 'LOT-9' } : {}),
  quantity: i + 1,
  priceCents: 1250,
  baseCents: 1200,
  name: 'Widget',
  brandId: 'brand-1',
  brand: 'Acme',
  type: 'Flower',
  shouldHaveTag: true,
  tagsPulled: false,
});

const header = (overrides: Partial<OrderHeaderItem> = {}): OrderHeaderItem => ({
  orderId: '6a3c1d2e-0000-4000-a000-00000000ABCD',
  orderNum: '1007',
  draftOrderNum: 'DRAFT_Ab-12',
  orderStatus: 'PACKED',
  paymentStatus: 'AWAITING',
  statusModifiedOn: '2026-11-03T10:00:00.000Z',
  paymentModifiedOn: '2026-11-03T10:00:00.000Z',
  createdAt: '2026-11-03T10:00:00.000Z',
  createdMonth: '2026-11',
  createdBy: 'user-1',
  modifiedOn: '2026-11-03T10:00:00.000Z',
  version: 3,
  customerID: 'Cust-9',
  customerName: 'Mile High',
  pickupOrder: false,
  deliveryDate: '2026-11-05',
  driverId: 'Driver-7',
  driverKey: 'Driver-7',
  packingLocationId: '2',
  discountCents: 100,
  unitQuantity: 12,
  costCents: 0,
  subtotalCents: 15000,
  paidCents: 0,
  lineCount: 12,
  lineGroups: 12,
  skuQuantities: { 'ACM-FLO-0007': 12 },
  ...overrides,
});

let legacy: ReturnType<typeof legacyService>;
let table: string;

beforeAll(async () => {
  table = await useFreshTable();
  resetClients();
  legacy = legacyService(table, dynamoClient());
});

describe('stored items', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any entity with a matching record
  const cases: Array<[string, Entity<any, any, any>, object]> = [
    ['open order header', orderEntity, header()],
    [
      'closed order header (no open-index keys)',
      orderEntity,
      header({ orderStatus: 'COMPLETED', paymentStatus: 'PAID' }),
    ],
    ['pickup header', orderEntity, header({ pickupOrder: true, driverId: undefined, driverKey: '-' })],
    ['line group', orderLinesEntity, { orderId: 'Order-1', group: 10, lines: [line(1)] }],
    ['number guard', orderNumberEntity, { orderNum: 'DRAFT_Ab-12', orderId: 'Order-1' }],
    ['order counter', orderCounterEntity, { name: 'salesOrders', seq: 7 }],
    [
      'location',
      locationEntity,
      {
        locationId: '12',
        name: 'Back Dock',
        color: '#aabbcc',
        isDefault: true,
        version: 2,
        createdAt: 'a',
        modifiedOn: 'b',
      },
    ],
    ['location counter', locationCounterEntity, { seq: 4 }],
    ['default pointer', locationDefaultEntity, { locationId: '12', modifiedOn: 'b' }],
    ['name guard', locationNameEntity, { nameKey: 'back dock', locationId: '12' }],
  ];
  const legacyOf = (e: Entity<object>) => legacy.entities[e.name as keyof typeof legacy.entities];

  it.each(cases)('%s: the core writes the item ElectroDB wrote', (_, entity, record) => {
    const electro = (legacyOf(entity) as unknown as { put(r: unknown): { params(): { Item: unknown } } })
      .put(record)
      .params().Item;
    expect(entity.toItem(record)).toEqual(electro);
  });

  it('queries name the same keys', () => {
    const core = orderEntity.keyCondition(
      'byMonth',
      { createdMonth: '2026-11' },
      {
        between: [{ createdAt: '2026-11-01T00:00:00.000Z' }, { createdAt: '2026-11-30T23:59:59.999Z~' }],
      },
    );
    const electro = legacy.entities.order.query
      .byMonth({ createdMonth: '2026-11' })
      .between({ createdAt: '2026-11-01T00:00:00.000Z' }, { createdAt: '2026-11-30T23:59:59.999Z~' })
      .params<{ ExpressionAttributeValues: Record<string, string> }>().ExpressionAttributeValues;
    expect(core.pk).toBe(electro[':pk']);
    expect(core.sk).toEqual({ between: [electro[':sk1'], electro[':sk2']] });

    const open = orderEntity.keyCondition('open', {}, { begins: { driverKey: 'Driver-7' } });
    const electroOpen = legacy.entities.order.query
      .open({ driverKey: 'Driver-7' })
      .params<{ ExpressionAttributeValues: Record<string, string> }>().ExpressionAttributeValues;
    expect([open.pk, open.sk]).toEqual([electroOpen[':pk'], { begins: electroOpen[':sk1'] }]);

    const list = locationEntity.keyCondition('primary', {});
    const electroList = legacy.entities.location.query
      .byId({})
      .params<{ ExpressionAttributeValues: Record<string, string> }>().ExpressionAttributeValues;
    expect([list.pk, list.sk]).toEqual([electroList[':pk'], { begins: electroList[':sk1'] }]);
  });
});

describe('kept data', () => {
  it('an order ElectroDB wrote reads whole through the core, by number, in every list', async () => {
    const h = header();
    await legacy.entities.order.put(h).go();
    await legacy.entities.orderNumber.put({ orderNum: h.orderNum, orderId: h.orderId }).go();
    // 12 groups: group 10 sorts before group 2 as a key, the lines still come back in order.
    for (let group = 0; group < 12; group++)
      await legacy.entities.orderLines.put({ orderId: h.orderId, group, lines: [line(group)] }).go();

    const order = await getOrder('1007');
    expect(order?.id).toBe(h.orderId);
    expect(order?.orderedItems.map((l) => l.id)).toEqual(Array.from({ length: 12 }, (_, i) => `line-${i}`));
    expect((await listPendingOrders()).map((o) => o.id)).toEqual([h.orderId]);
    expect((await listDeliveriesOf('Driver-7')).map((o) => o.id)).toEqual([h.orderId]);
    expect(await listDeliveriesOf('Driver-70')).toEqual([]);
    expect(await pendingOutboundOf('ACM-FLO-0007')).toEqual([
      { orderID: h.orderId, orderNum: '1007', customerName: 'Mile High', quantity: 12 },
    ]);
    expect((await listOrdersBetween('2026-11-01', '2026-11-30')).map((o) => o.id)).toEqual([h.orderId]);
    expect((await listOrdersOfCustomer('Cust-9')).map((o) => o.id)).toEqual([h.orderId]);
  });

  it("the number counter and the locations ElectroDB wrote carry on through the core, and ElectroDB reads the core's", async () => {
    await legacy.entities.orderCounter.update({ name: 'salesOrders' }).add({ seq: 41 }).go();
    expect(await takeOrderNumber()).toBe('1042');

    await legacy.entities.locationCounter.update({}).add({ seq: 1 }).go();
    await legacy.entities.location
      .put({
        locationId: '1',
        name: 'Main',
        color: '#000000',
        isDefault: true,
        version: 1,
        createdAt: 'a',
        modifiedOn: 'a',
      })
      .go();
    await legacy.entities.locationName.put({ nameKey: 'main', locationId: '1' }).go();
    await legacy.entities.locationDefault.put({ locationId: '1', modifiedOn: 'a' }).go();
    const by = { userId: 'user-1', roles: ['SALES'], isAdmin: false };

    await expect(createLocation({ name: ' MAIN ', color: '#ffffff' }, by)).rejects.toThrow(/already exists/);
    const second = await createLocation({ name: 'Dock', color: '#ffffff' }, by);
    expect(second).toMatchObject({ id: '2', isDefault: false });
    expect(await defaultLocationId()).toBe('1');
    expect((await listLocations()).map((l) => l.id)).toEqual(['1', '2']);

    const { data } = await legacy.entities.location.query.byId({}).go({ pages: 'all' });
    expect(data.map((l) => [l.locationId, l.name, l.isDefault])).toEqual([
      ['1', 'Main', true],
      ['2', 'Dock', false],
    ]);
    expect((await legacy.entities.locationName.get({ nameKey: 'dock' }).go()).data?.locationId).toBe('2');
    expect((await legacy.entities.locationCounter.get({}).go()).data?.seq).toBe(2);
  });

  it('an order the core writes reads through ElectroDB by key, collection, and index', async () => {
    const h = header({
      orderId: 'Core-Order',
      orderNum: '2001',
      customerID: 'Cust-10',
      driverKey: 'Driver-8',
      driverId: 'Driver-8',
    });
    await put(orderEntity, h);
    await put(orderLinesEntity, { orderId: h.orderId, group: 0, lines: [line(0)] });
    const whole = await legacy.collections.orderWhole({ orderId: h.orderId }).go({ pages: 'all' });
    expect(whole.data.order[0]).toEqual(h);
    expect(whole.data.orderLines.map((g) => g.group)).toEqual([0]);
    const open = await legacy.entities.order.query.open({ driverKey: 'Driver-8' }).go();
    expect(open.data.map((o) => o.orderId)).toEqual([h.orderId]);
    const ofCustomer = await legacy.entities.order.query.byCustomer({ customerID: 'Cust-10' }).go();
    expect(ofCustomer.data.map((o) => o.orderId)).toEqual([h.orderId]);
  });
});
