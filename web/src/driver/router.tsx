import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * The driver's app routes itself with the History API: three screens do not need react-router, whose ~25 KB
 * (gzip) would count against the phone's script budget (issue 26).
 */

export type DriverRoute = { page: 'day' } | { page: 'stop'; orderId: string } | { page: 'summary' } | { page: 'none' };

export const DRIVER_PATHS = {
  day: '/driver',
  summary: '/driver/summary',
  stop: (orderId: string) => `/driver/stop/${encodeURIComponent(orderId)}`,
} as const;

export function matchDriverRoute(pathname: string): DriverRoute {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/driver') return { page: 'day' };
  if (path === '/driver/summary') return { page: 'summary' };
  const stop = /^\/driver\/stop\/([^/]+)$/.exec(path);
  if (stop) return { page: 'stop', orderId: decodeURIComponent(stop[1]!) };
  return { page: 'none' };
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
};

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  listeners.forEach((listener) => listener());
}

/** The current path, re-read on every navigation (links, back and forward). */
export const usePathname = (): string => useSyncExternalStore(subscribe, () => window.location.pathname);

/** An ordinary link that navigates inside the app (a modified click still opens a new tab). */
export function Link({ to, onClick, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={follow} {...rest} />;
}
