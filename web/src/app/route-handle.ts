import type { AppLayoutProps } from '@cloudscape-design/components/app-layout';
import type { AppPage } from '../access/pages';
import type { PrefetchKey } from './route-prefetch';

/** What a route tells the shell. */
export interface RouteHandle {
  /** Its breadcrumb. */
  title?: string;
  contentType?: AppLayoutProps.ContentType;
  /**
   * The page at this route's address: the last route matched decides who may open the screen (others see the
   * not-authorised page), and each breadcrumb shows only to those who may open it.
   */
  page?: AppPage;
  /** The crumb shown instead, to those who may not open `page` (a driver's order page: My deliveries). */
  otherwise?: AppPage;
  /**
   * The GETs its screen makes as it opens (`ROUTE_PREFETCH`), asked for as soon as a reload knows the session. By
   * name, so the sign-in page's script does not carry them.
   */
  prefetch?: PrefetchKey;
}
