import { isValidElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';

type Module = { default: ComponentType };

/** A lazily loaded page whose chunk can be asked for before React first renders it. */
export type PreloadablePage = LazyExoticComponent<ComponentType> & { preload(): Promise<Module> };

/** `React.lazy` with `preload()`: both share one import, and a failed import can be tried again. */
export function lazyPage(load: () => Promise<Module>): PreloadablePage {
  let loading: Promise<Module> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return Object.assign(lazy(preload), { preload });
}

const preloadOf = (element: unknown) =>
  isValidElement(element) && typeof element.type === 'object' && element.type !== null && 'preload' in element.type
    ? (element.type as PreloadablePage).preload
    : undefined;

/**
 * Starts downloading the chunks of every route the address matches (the signed-in frame and the page), so
 * they arrive while the session and configuration load instead of one after the other once React renders.
 */
export function preloadRoutes(routes: RouteObject[], pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    // A chunk that fails here fails again where React renders it, and is reported there.
    preloadOf(route.element)?.().catch(() => undefined);
  }
}
