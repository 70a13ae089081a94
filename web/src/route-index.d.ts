declare module 'virtual:route-index' {
  import type { RouteAccess, RouteId, Routes } from '@bo/shared';
  /** Each route's method, path and roles (web/vite/route-index.ts). */
  export const routeIndex: {
    readonly [K in RouteId]: {
      readonly method: Routes[K]['method'];
      readonly path: Routes[K]['path'];
      readonly roles: RouteAccess;
    };
  };
}
