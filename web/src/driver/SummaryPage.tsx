import { useAuth } from '../auth/session';
import { queuedCollections } from './day-model';
import { useDriver } from './driver-context';
import { formatDriverDay, money, plural } from './format';
import { LoadError } from './stop-parts';

/** The day-end hand-in: the cash and each check to hand to the office, and how the stops went. */
export function SummaryPage() {
  const { day, today, queue } = useDriver();
  const { signOut } = useAuth();
  const data = today.data;
  const signOutButton = (
    <button type="button" className="drv-button drv-summary__signout" onClick={() => void signOut()}>
      Sign out
    </button>
  );
  if (!data)
    return (
      <>
        <h1 tabIndex={-1}>Day summary</h1>
        {today.error ? (
          <LoadError error={today.error} onRetry={today.refetch} what="the day" />
        ) : (
          <p className="drv-loading" role="status">
            Loading the day…
          </p>
        )}
        {signOutButton}
      </>
    );
  const hand = data.summary;
  const queued = queuedCollections(queue.entries);
  return (
    <>
      <div className="drv-page-head">
        <h1 tabIndex={-1}>Day summary</h1>
        <p className="drv-page-head__sub">{formatDriverDay(data.day || day)}</p>
      </div>
      <section className="drv-card" aria-labelledby="drv-hand-in">
        <h2 id="drv-hand-in">To hand in</h2>
        <dl className="drv-totals">
          <div>
            <dt>Cash</dt>
            <dd data-testid="summary-cash">{money(hand.cash)}</dd>
          </div>
          <div>
            <dt>{plural(hand.checks.length, 'check')}</dt>
            <dd data-testid="summary-checks">{money(hand.checksTotal)}</dd>
          </div>
          <div>
            <dt>Not yet confirmed</dt>
            <dd>{hand.pending}</dd>
          </div>
        </dl>
        {hand.checks.length > 0 && (
          <table className="drv-checks">
            <caption>Checks</caption>
            <thead>
              <tr>
                <th scope="col">Check</th>
                <th scope="col">Order</th>
                <th scope="col" className="drv-num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {hand.checks.map((check, i) => (
                <tr key={`${check.orderNum}-${check.checkNumber}-${i}`}>
                  <td>{check.checkNumber}</td>
                  <td>
                    {check.orderNum}
                    {check.customerName ? ` · ${check.customerName}` : ''}
                  </td>
                  <td className="drv-num">{money(check.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {queued > 0 && (
          <p className="drv-field__hint">
            Includes {plural(queued, 'collection')} still on this phone, waiting to send.
          </p>
        )}
      </section>
      <section className="drv-card" aria-labelledby="drv-stops-summary">
        <h2 id="drv-stops-summary">Stops</h2>
        <dl className="drv-totals">
          <div>
            <dt>Delivered</dt>
            <dd data-testid="summary-delivered">{hand.delivered}</dd>
          </div>
          <div>
            <dt>Exceptions</dt>
            <dd data-testid="summary-exceptions">{hand.exceptions}</dd>
          </div>
          <div>
            <dt>Remaining</dt>
            <dd data-testid="summary-remaining">{hand.remaining}</dd>
          </div>
        </dl>
      </section>
      {queue.waiting > 0 && (
        <p className="drv-note drv-note--warning">
          {plural(queue.waiting, 'action')} still on this phone: stay signed in until they are sent.
        </p>
      )}
      {signOutButton}
    </>
  );
}
