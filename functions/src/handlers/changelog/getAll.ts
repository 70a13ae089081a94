import middy from '@middy/core';
import {
  changelogGetAllRoute,
  entityReadRefusal,
  nameReferences,
  needsRecordToDecide,
  redactChangeCosts,
  referencedIds,
  type EntityType,
  type ReferenceKind,
} from '@bo/shared';
import { api, ForbiddenError, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import {
  getBrand,
  getCustomerItem,
  getOrderHeader,
  getUser,
  listChangeLog,
  listExtractTypes,
  listLocations,
  listProductTypes,
  mapLimit,
} from '#data';

const route = changelogGetAllRoute;

/** Names of ids of one kind of record; ids that name nothing are left out. */
type Lookup = (ids: readonly string[]) => Promise<Map<string, string>>;
/** One Get per id: a page of history points at a few people, customers or brands at most. */
const eachById =
  (nameOf: (id: string) => Promise<string | undefined>): Lookup =>
  async (ids) => {
    const names = await mapLimit(ids, 8, nameOf);
    return new Map(ids.flatMap((id, i) => (names[i] === undefined ? [] : [[id, names[i]] as const])));
  };
/** A short list read whole in one Query. */
const wholeList =
  (list: () => Promise<ReadonlyArray<{ id: string; name: string }>>): Lookup =>
  async () =>
    new Map((await list()).map((r) => [r.id, r.name]));

const LOOKUPS: Record<ReferenceKind, Lookup> = {
  user: eachById(async (id) => (await getUser(id))?.name),
  customer: eachById(async (id) => (await getCustomerItem(id))?.customerName),
  brand: eachById(async (id) => (await getBrand(id))?.name),
  location: wholeList(listLocations),
  productType: wholeList(listProductTypes),
  extractType: wholeList(listExtractTypes),
};

/** The history of a record is read as the record is (`entityReadRefusal`): 403 or 404 with the reason. */
async function checkReadable(
  caller: RouteEvent<typeof route>['caller'],
  params: { entityType: EntityType; entityId: string },
) {
  const { entityType, entityId } = params;
  const record = needsRecordToDecide(caller, entityType) ? await getOrderHeader(entityId) : undefined;
  const refusal = entityReadRefusal(caller, entityType, entityId, record?.id === entityId ? record : undefined);
  if (refusal)
    throw refusal.kind === 'forbidden' ? new ForbiddenError(refusal.message) : new NotFoundError(refusal.message);
}

/**
 * A page of one record's history, for those who may read the record; ids in its values come with the names of
 * what they point at today. Changes of cost figures only for the roles that may see costs.
 */
const getAll: RouteHandler<typeof route> = async ({ input: { params, query }, caller }) => {
  await checkReadable(caller, params);
  const page = await listChangeLog(params.entityType, params.entityId, query);
  const entries = redactChangeCosts(page.entries, caller.roles);
  const wanted = [...referencedIds(params.entityType, entries)];
  const names = new Map(
    await Promise.all(wanted.map(async ([kind, ids]) => [kind, await LOOKUPS[kind](ids)] as const)),
  );
  return { ...page, entries: nameReferences(params.entityType, entries, names) };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getAll);
