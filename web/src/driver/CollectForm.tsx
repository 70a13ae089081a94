import { useId, useState, type FormEvent } from 'react';
import {
  collectBody,
  collectProblem,
  parsePriceInput,
  toCents,
  toDollars,
  type CollectionMethod,
  type Stop,
} from '@bo/shared';
import { openCentsOf, pendingCentsOf } from './day-model';
import { useDriver } from './driver-context';
import { Choice, TextField } from './Field';
import { moneyOfCents } from './format';
import { enqueue } from './offline';

/**
 * Money taken at the door: cash or a check (its number), the amount defaulting to what is still open on the
 * order (its amount due less what was collected and is not yet confirmed, queued collections included). The
 * shared rule checks it as it is typed, the same rule the server applies.
 */
export function CollectForm({ stop, onRecorded }: { stop: Stop; onRecorded: (text: string) => void }) {
  const { userId, today } = useDriver();
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const day = today.data!;
  const open = openCentsOf(stop, day);
  const pending = pendingCentsOf(day, stop.orderId);
  const [method, setMethod] = useState<CollectionMethod>('CASH');
  const [amount, setAmount] = useState(() => (open > 0 ? toDollars(open).toFixed(2) : ''));
  const [checkNumber, setCheckNumber] = useState('');
  const [note, setNote] = useState('');
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const parsed = parsePriceInput(amount);
  const amountCents = 'value' in parsed ? toCents(parsed.value) : 0;
  const preview =
    amount.trim() === ''
      ? undefined
      : 'error' in parsed
        ? 'Enter an amount in dollars, like 120.50'
        : collectProblem(amountCents, toCents(stop.amountDue), pending);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const body = {
      method,
      amount: 'value' in parsed ? parsed.value : 0,
      at: new Date().toISOString(),
      ...(method === 'CHECK' && checkNumber.trim() ? { checkNumber: checkNumber.trim() } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    const found: Record<string, string> = {};
    const checked = collectBody.safeParse(body);
    if (!checked.success)
      for (const issue of checked.error.issues) found[String(issue.path[0] ?? 'form')] ??= issue.message;
    if (!found.amount && preview) found.amount = preview;
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await enqueue(userId, { kind: 'collect', orderId: stop.orderId, orderNum: stop.orderNum, body });
      const what = method === 'CHECK' ? `Check ${body.checkNumber}` : 'Cash';
      onRecorded(`${what} of ${moneyOfCents(toCents(body.amount))} recorded`);
      setAmount('');
      setCheckNumber('');
      setNote('');
    } catch (error) {
      setIssues({ form: error instanceof Error ? error.message : 'Could not keep this on the phone. Try again.' });
    } finally {
      setBusy(false);
    }
  };

  const amountError = preview ?? issues.amount;
  return (
    <form className="drv-form drv-card" aria-labelledby={id('title')} onSubmit={(e) => void submit(e)} noValidate>
      <h2 id={id('title')}>Money collected</h2>
      <p className="drv-collect__open" data-testid="collect-open">
        Open to collect: <strong>{moneyOfCents(open)}</strong>
        {pending > 0 ? ` (${moneyOfCents(pending)} already collected, waiting for the office)` : ''}
      </p>
      {issues.form && (
        <div className="drv-note drv-note--error" role="alert">
          {issues.form}
        </div>
      )}
      <fieldset className="drv-choices drv-choices--row">
        <legend>Paid by</legend>
        {(['CASH', 'CHECK'] as const).map((value) => (
          <Choice
            key={value}
            name={id('method')}
            value={value}
            checked={method === value}
            onSelect={() => setMethod(value)}
            title={value === 'CASH' ? 'Cash' : 'Check'}
          />
        ))}
      </fieldset>
      {method === 'CHECK' && (
        <TextField
          id={id('checkNumber')}
          label="Check number"
          error={issues.checkNumber}
          inputMode="numeric"
          autoComplete="off"
          value={checkNumber}
          onValue={setCheckNumber}
        />
      )}
      <TextField
        id={id('amount')}
        label="Amount ($)"
        error={amountError}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onValue={(value) => {
          setAmount(value);
          // What was refused on submit gives way to the live check of the new amount.
          setIssues(({ amount: _stale, ...rest }) => rest);
        }}
      />
      <TextField id={id('note')} label="Note (optional)" autoComplete="off" value={note} onValue={setNote} />
      <button type="submit" className="drv-button drv-button--primary" disabled={busy || open <= 0}>
        Record {method === 'CHECK' ? 'check' : 'cash'}
        {!preview && amountCents > 0 ? ` of ${moneyOfCents(amountCents)}` : ''}
      </button>
    </form>
  );
}
