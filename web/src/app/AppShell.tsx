import { Suspense, useState } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import AppLayout from '@cloudscape-design/components/app-layout';
import BreadcrumbGroup, { type BreadcrumbGroupProps } from '@cloudscape-design/components/breadcrumb-group';
import Flashbar from '@cloudscape-design/components/flashbar';
import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import TopNavigation from '@cloudscape-design/components/top-navigation';
import { useAuth, useSession } from '../auth/session';
import { PageLoading } from '../components/PageLoading';
import { useFollow } from '../components/navigation';
import { ModalProvider } from '../modals/ModalProvider';
import { useNotificationItems, useNotifications } from '../notifications/notifications';
import { visibleSections } from './navigation';
import type { RouteHandle } from './routes';
import { useMyName } from './use-my-name';
import './app-shell.css';

const HOME_CRUMB: BreadcrumbGroupProps.Item = { text: 'Back Office', href: '/' };

function useBreadcrumbs(): BreadcrumbGroupProps.Item[] {
  const matches = useMatches();
  const crumbs = matches
    .map((match) => ({ handle: match.handle as RouteHandle | undefined, pathname: match.pathname }))
    .filter((m) => m.handle?.title)
    .map((m) => ({ text: m.handle!.title!, href: m.pathname }));
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

/** The signed-in frame: top navigation, side navigation, breadcrumbs, notifications and the page. */
export default function AppShell() {
  const session = useSession();
  const location = useLocation();
  const follow = useFollow();
  const notifications = useNotificationItems();
  const breadcrumbs = useBreadcrumbs();
  const matches = useMatches();
  const [navigationOpen, setNavigationOpen] = useState(true);
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;

  const navItems: SideNavigationProps.Item[] = visibleSections(session.roles).map((section) => ({
    type: 'section',
    text: section.title,
    items: section.pages.map((page) => ({ type: 'link', text: page.title, href: page.href })),
  }));

  return (
    <ModalProvider>
      <TopBar />
      <AppLayout
        headerSelector="#bo-top-nav"
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
        contentType={handle?.contentType ?? 'default'}
        toolsHide
        content={
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        }
      />
    </ModalProvider>
  );
}
