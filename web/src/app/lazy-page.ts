import { createElement, isValidElement, lazy, useState, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';

type Module = { default: ComponentType };

/** A lazily loaded page whose chunk can be asked for before React first renders it. */
export type PreloadablePage = ComponentType & { preload(): Promise<Module> };

/**
 * `React.lazy` with `preload()`: both share one import, and a failed import can be tried again. A page whose
 * chunk is already here renders at once, without suspending for a microtask (and so without a commit of its
 * loading state first); each mounted page keeps the form it mounted with, so nothing remounts when it arrives.
 */
export function lazyPage(load: () => Promise<Module>): PreloadablePage {
  let loading: Promise<Module> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Page() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  }
  return Object.assign(Page, { preload });
}

const preloadOf = (element: unknown) =>
  isValidElement(element) && typeof element.type === 'function' && 'preload' in element.type
    ? (element.type as PreloadablePage).preload
    : undefined;

/**
 * Starts downloading the chunks of every route the address matches (the signed-in frame and the page), so
 * they arrive while the session and configuration load instead of one after the other once React renders.
 */
export function preloadRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const chunks = (matchRoutes(routes, pathname) ?? []).map(({ route }) =>
    // A chunk that fails here fails again where React renders it, and is reported there.
    preloadOf(route.element)?.().catch(() => undefined),
  );
  return Promise.all(chunks).then(() => undefined);
}
