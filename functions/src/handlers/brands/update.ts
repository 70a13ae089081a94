import middy from '@middy/core';
import { brandsUpdateRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, updateBrand } from '#data';
import { applyExclusionChange } from '#data/reports';

const route = brandsUpdateRoute;

/** A change of "Exclude from reporting" also starts the rebuild that applies it to the reports' figures. */
const update: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) => {
  const brand = await updateBrand(params.id, body, actorOf(caller));
  if (body.excludeFromReporting !== undefined) await applyExclusionChange(actorOf(caller));
  return brand;
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(update);
