import { useEffect, useRef, useState } from 'react';
import type { AuthBackend } from '../auth/amplify';
import { AuthProvider, useAuth } from '../auth/session';
import type { Session } from '../auth/session-types';
import { DayPage } from './DayPage';
import { driverToday } from './day-model';
import { DriverContext, useDriver } from './driver-context';
import { plural } from './format';
import { useDriverDay, useDriverQueue, useOnline } from './offline';
import { QueuePanel } from './QueuePanel';
import { DRIVER_PATHS, Link, matchDriverRoute, usePathname } from './router';
import SignIn from './SignIn';
import { StopPage } from './StopPage';
import { storedDriver } from './stored-driver';
import { SummaryPage } from './SummaryPage';

/** The driver's phone app (issue 26): sign-in, then today's stops, a stop, and the day-end summary. */
export function DriverApp({ backend, day }: { backend: AuthBackend; day?: string }) {
  return (
    <AuthProvider backend={backend}>
      <Gate day={day} />
    </AuthProvider>
  );
}

function Gate({ day }: { day: string | undefined }) {
  const { status, session, signOut } = useAuth();
  const online = useOnline();
  // Offline, a session that has expired cannot be refreshed: the last driver of this phone keeps working.
  const [offlineDriver] = useState(() => (online ? null : storedDriver()));
  if (status === 'loading')
    return (
      <p className="drv-loading" role="status">
        Checking your session…
      </p>
    );
  const driver = session ?? (status === 'signedOut' && !online ? offlineDriver : null);
  if (!driver) return <SignIn />;
  if (!driver.roles.includes('DRIVER'))
    return (
      <main className="drv-signin">
        <h1 className="drv-signin__title">The driver app is for drivers</h1>
        <p>Your account has no DRIVER role. The back office has everything your roles allow.</p>
        <a className="drv-button drv-button--primary" href="/">
          Open the back office
        </a>
        <button type="button" className="drv-button" onClick={() => void signOut()}>
          Sign out
        </button>
      </main>
    );
  return <Shell driver={driver} day={day ?? driverToday()} />;
}

function Shell({ driver, day }: { driver: Session; day: string }) {
  const today = useDriverDay(driver.userId, day);
  const queue = useDriverQueue(driver.userId);
  return (
    <DriverContext.Provider value={{ userId: driver.userId, day, today, queue }}>
      <Header />
      <Screen />
    </DriverContext.Provider>
  );
}

function Header() {
  const { today, queue } = useDriver();
  const route = matchDriverRoute(usePathname());
  const stops = today.data?.stops.length;
  return (
    <header className="drv-header">
      <div className="drv-header__row">
        <nav aria-label="Driver" className="drv-nav">
          <Link to={DRIVER_PATHS.day} aria-current={route.page === 'day' ? 'page' : undefined}>
            Stops{stops !== undefined ? ` (${stops})` : ''}
          </Link>
          <Link to={DRIVER_PATHS.summary} aria-current={route.page === 'summary' ? 'page' : undefined}>
            Day summary
          </Link>
        </nav>
        <span className={`drv-online ${queue.online ? 'drv-online--on' : 'drv-online--off'}`} role="status">
          {queue.online ? 'Online' : 'Offline'}
        </span>
      </div>
      {today.fromCache && (
        <p className="drv-header__cache">
          Showing the copy on this phone{today.savedAt ? ` from ${new Date(today.savedAt).toLocaleTimeString()}` : ''}
          {queue.waiting > 0 ? `; ${plural(queue.waiting, 'action')} to send` : ''}.
        </p>
      )}
      <QueuePanel />
    </header>
  );
}

function Screen() {
  const route = matchDriverRoute(usePathname());
  const main = useRef<HTMLElement>(null);
  // After a navigation, the page's heading takes the focus, so a screen reader announces the new screen.
  const first = useRef(true);
  const key = route.page === 'stop' ? `stop:${route.orderId}` : route.page;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.querySelector<HTMLElement>('h1')?.focus();
    window.scrollTo(0, 0);
  }, [key]);
  return (
    <main ref={main} className="drv-main">
      {route.page === 'day' && <DayPage />}
      {route.page === 'stop' && <StopPage orderId={route.orderId} />}
      {route.page === 'summary' && <SummaryPage />}
      {route.page === 'none' && (
        <>
          <h1 tabIndex={-1}>Page not found</h1>
          <Link className="drv-button" to={DRIVER_PATHS.day}>
            Today&apos;s stops
          </Link>
        </>
      )}
    </main>
  );
}
