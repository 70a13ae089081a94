import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

interface FollowEvent {
  preventDefault(): void;
  detail: { href?: string; external?: boolean };
}

/**
 * For Cloudscape `onFollow` handlers (Link, SideNavigation, BreadcrumbGroup, TopNavigation items):
 * internal hrefs go through the router instead of reloading the page.
 */
export function useFollow(): (event: FollowEvent) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: FollowEvent) => {
      const href = event.detail.href;
      if (!href || event.detail.external || !href.startsWith('/')) return;
      event.preventDefault();
      void navigate(href);
    },
    [navigate],
  );
}
