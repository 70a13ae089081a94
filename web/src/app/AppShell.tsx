import { Suspense, useState } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import AppLayout from '@cloudscape-design/components/app-layout';
import BreadcrumbGroup, { type BreadcrumbGroupProps } from '@cloudscape-design/components/breadcrumb-group';
import Flashbar from '@cloudscape-design/components/flashbar';
import { I18nProvider } from '@cloudscape-design/components/i18n';
import enMessages from '@cloudscape-design/components/i18n/messages/all.en.json';
import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import TopNavigation from '@cloudscape-design/components/top-navigation';
import type { Role } from '@bo/shared';
import { visibleSections } from '../access/navigation';
import { canOpen, PAGES } from '../access/pages';
import { useAuth, useSession } from '../auth/session';
import { useMyName } from '../auth/use-my-name';
import { PageLoading } from '../components/PageLoading';
import { useFollow } from '../components/navigation';
import { ModalProvider } from '../modals/ModalProvider';
import { useNotificationItems, useNotifications } from '../notifications/notifications';
import NotAuthorisedPage from '../pages/NotAuthorisedPage';
import { modalRegistry } from './modal-registry';
import type { RouteHandle } from './route-handle';
import './app-shell.css';
import { useValidNavAria } from './use-valid-nav-aria';

const HOME_CRUMB: BreadcrumbGroupProps.Item = { text: PAGES.home.title, href: PAGES.home.path };

/** The matched routes' crumbs, each only for those who may open its page (else its `otherwise`, or none). */
function useBreadcrumbs(roles: readonly Role[]): BreadcrumbGroupProps.Item[] {
  const matches = useMatches();
  const crumbs = matches.flatMap((match): BreadcrumbGroupProps.Item[] => {
    const handle = match.handle as RouteHandle | undefined;
    if (!handle?.title) return [];
    if (!handle.page || canOpen(handle.page, roles)) return [{ text: handle.title, href: match.pathname }];
    const other = handle.otherwise;
    return other && canOpen(other, roles) ? [{ text: other.title, href: other.path }] : [];
  });
  return [HOME_CRUMB, ...crumbs];
}

function TopBar() {
  const session = useSession();
  const { signOut } = useAuth();
  const notify = useNotifications();
  const follow = useFollow();
  const navigate = useNavigate();
  const name = useMyName();

  return (
    <div id="bo-top-nav" className="bo-top-nav">
      <TopNavigation
        identity={{ href: '/', title: 'Back Office', onFollow: follow }}
        utilities={[
          {
            type: 'menu-dropdown',
            text: name,
            description: session.email,
            iconName: 'user-profile',
            ariaLabel: `Account menu for ${name}`,
            onItemFollow: follow,
            onItemClick: ({ detail }) => {
              if (detail.id !== 'sign-out') return;
              // The next person to sign in starts at home, not on this user's last page.
              void navigate('/');
              signOut().catch((error: unknown) => {
                console.error('Sign-out failed', error);
                notify.error('Sign-out failed. Close the browser to end the session.');
              });
            },
            items: [
              { id: 'profile', text: 'Profile', href: '/profile' },
              { id: 'sign-out', text: 'Sign out' },
            ],
          },
        ]}
      />
    </div>
  );
}

/**
 * The signed-in frame: top navigation, side navigation, breadcrumbs, notifications and the page. Cloudscape's
 * messages (its components' default labels) come with it: the sign-in page sets its own, and stays smaller.
 */
export default function AppShell() {
  const session = useSession();
  const location = useLocation();
  const follow = useFollow();
  const notifications = useNotificationItems();
  const breadcrumbs = useBreadcrumbs(session.roles);
  const matches = useMatches();
  const [navigationOpen, setNavigationOpen] = useState(true);
  useValidNavAria();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  // The page's own routes decide: a role the API would refuse sees why, instead of the page and its errors.
  const allowed = !handle?.page || canOpen(handle.page, session.roles);

  const navItems: SideNavigationProps.Item[] = visibleSections(session.roles).map((section) => ({
    type: 'section',
    text: section.title,
    items: section.pages.map((page) => ({ type: 'link', text: page.title, href: page.href })),
  }));

  return (
    <I18nProvider locale="en" messages={[enMessages]}>
      <ModalProvider registry={modalRegistry}>
        <TopBar />
        <AppLayout
          headerSelector="#bo-top-nav"
          ariaLabels={{
            navigation: 'Side navigation',
            navigationClose: 'Close side navigation',
            navigationToggle: 'Open side navigation',
          }}
          navigationOpen={navigationOpen}
          onNavigationChange={({ detail }) => setNavigationOpen(detail.open)}
          navigation={
            <SideNavigation
              header={{ text: 'Back Office', href: '/' }}
              activeHref={location.pathname}
              items={navItems}
              onFollow={follow}
            />
          }
          breadcrumbs={<BreadcrumbGroup items={breadcrumbs} ariaLabel="Breadcrumbs" onFollow={follow} />}
          notifications={<Flashbar items={notifications} stackItems={notifications.length > 3} />}
          contentType={allowed ? (handle?.contentType ?? 'default') : 'default'}
          toolsHide
          content={
            allowed ? (
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            ) : (
              <NotAuthorisedPage pageTitle={handle?.page?.title ?? 'This page'} roles={session.roles} />
            )
          }
        />
      </ModalProvider>
    </I18nProvider>
  );
}
