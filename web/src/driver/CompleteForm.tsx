import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  completeStopBody,
  DELIVERY_OUTCOMES,
  isDelivery,
  notDeliveredProblem,
  STOP_STATE_LABELS,
  type DeliveryOutcome,
  type Stop,
} from '@bo/shared';
import { useDriver } from './driver-context';
import { Choice, Field, TextField } from './Field';
import { enqueue, type QueuedAction } from './offline';
import { photoProof, proofOf, type ProofImage } from './proof-image';
import { SignaturePad } from './SignaturePad';

type CompleteInput = Extract<QueuedAction, { kind: 'complete' }>['body'];
type Position = NonNullable<CompleteInput['position']>;

const OUTCOME_HINTS: Record<DeliveryOutcome, string> = {
  DELIVERED: 'Everything was handed over',
  PARTIAL: 'Some lines or units came back',
  NOBODY_THERE: 'No one to take the delivery',
  REFUSED: 'The customer would not take it',
};

/** The phone's position if it gives it within a few seconds; nothing otherwise (it is optional). */
function usePosition(): Position | undefined {
  const [position, setPosition] = useState<Position>();
  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    let live = true;
    navigator.geolocation.getCurrentPosition(
      (p) =>
        live &&
        setPosition({
          latitude: p.coords.latitude,
          longitude: p.coords.longitude,
          ...(Number.isFinite(p.coords.accuracy) ? { accuracy: Math.round(p.coords.accuracy) } : {}),
        }),
      () => undefined,
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 120_000 },
    );
    return () => {
      live = false;
    };
  }, []);
  return position;
}

/** Issue messages by top-level field (the first one of each). */
const issuesByField = (issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>) => {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    out[field] ??= issue.message;
  }
  return out;
};

/**
 * What happened at the stop: delivered (proof: a photo and/or a signature, and the receiver's name), partly
 * delivered (the lines not delivered and why), nobody there or refused (why). Checked with the shared schema
 * before it is queued; the time is now, the position the phone's if it allows.
 */
export function CompleteForm({ stop, onRecorded }: { stop: Stop; onRecorded: (outcome: DeliveryOutcome) => void }) {
  const { userId } = useDriver();
  const position = usePosition();
  const ids = useId();
  const [outcome, setOutcome] = useState<DeliveryOutcome>('DELIVERED');
  const [photo, setPhoto] = useState<ProofImage>();
  const [photoBusy, setPhotoBusy] = useState(false);
  const [photoProblem, setPhotoProblem] = useState<string>();
  const [signature, setSignature] = useState<string>();
  const [receiverName, setReceiverName] = useState('');
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [notDelivered, setNotDelivered] = useState<Record<string, string>>({});
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const photoInput = useRef<HTMLInputElement>(null);
  const delivery = isDelivery(outcome);
  const id = (name: string) => `${ids}-${name}`;
  /** A field changed: its message from the last try goes (the form's count too, once nothing is left). */
  const settle = (...fields: string[]) =>
    setIssues((current) => {
      if (!fields.some((f) => f in current)) return current;
      const next = Object.fromEntries(Object.entries(current).filter(([f]) => !fields.includes(f) && f !== 'form'));
      return next;
    });

  const takePhoto = async (file: File | undefined) => {
    setPhotoProblem(undefined);
    if (!file) return;
    setPhotoBusy(true);
    const proof = await photoProof(file);
    setPhotoBusy(false);
    if ('problem' in proof) {
      setPhoto(undefined);
      setPhotoProblem(proof.problem);
    } else {
      setPhoto(proof);
      settle('photo');
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || photoBusy) return;
    const found: Record<string, string> = {};
    let signatureProof: ProofImage | undefined;
    if (delivery && signature) {
      const checked = proofOf(signature, 'image/png');
      if ('problem' in checked) found.signature = checked.problem;
      else signatureProof = checked;
    }
    const lines =
      outcome === 'PARTIAL'
        ? Object.entries(notDelivered)
            .map(([lineId, quantity]) => ({ lineId, quantity: Number(quantity.trim() || 0) }))
            .filter((l) => l.quantity !== 0)
        : [];
    const body: CompleteInput = {
      outcome,
      at: new Date().toISOString(),
      modifiedOn: stop.modifiedOn,
      ...(delivery && receiverName.trim() ? { receiverName: receiverName.trim() } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(outcome !== 'DELIVERED' && reason.trim() ? { reason: reason.trim() } : {}),
      ...(delivery && photo ? { photo } : {}),
      ...(signatureProof ? { signature: signatureProof } : {}),
      ...(outcome === 'PARTIAL' ? { notDelivered: lines } : {}),
      ...(position ? { position } : {}),
    };
    const parsed = completeStopBody.safeParse(body);
    if (!parsed.success) Object.assign(found, { ...issuesByField(parsed.error.issues), ...found });
    if (outcome === 'PARTIAL' && !found.notDelivered && lines.length > 0) {
      const problem = notDeliveredProblem(
        stop.lines.map((l) => ({ id: l.lineId, sku: l.sku, name: l.name, quantity: l.quantity })),
        lines,
      );
      if (problem) found.notDelivered = problem;
    }
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await enqueue(userId, { kind: 'complete', orderId: stop.orderId, orderNum: stop.orderNum, body });
      onRecorded(outcome);
    } catch (error) {
      setIssues({ form: error instanceof Error ? error.message : 'Could not keep this on the phone. Try again.' });
      setBusy(false);
    }
  };

  const issueCount = Object.keys(issues).length;
  const described = (name: string, hint = false) =>
    [hint ? id(`${name}-hint`) : '', issues[name] ? id(`${name}-error`) : ''].filter(Boolean).join(' ') || undefined;

  return (
    <form className="drv-form drv-card" aria-labelledby={id('title')} onSubmit={(e) => void submit(e)} noValidate>
      <h2 id={id('title')}>What happened?</h2>
      {issueCount > 0 && (
        <div className="drv-note drv-note--error" role="alert">
          {issues.form ??
            `Check the form: ${issueCount === 1 ? 'one thing is' : `${issueCount} things are`} missing or wrong.`}
        </div>
      )}
      <fieldset className="drv-choices">
        <legend>Outcome</legend>
        {DELIVERY_OUTCOMES.map((value) => (
          <Choice
            key={value}
            name={id('outcome')}
            value={value}
            checked={outcome === value}
            onSelect={() => {
              setOutcome(value);
              setIssues({});
            }}
            title={STOP_STATE_LABELS[value]}
            hint={OUTCOME_HINTS[value]}
          />
        ))}
      </fieldset>

      {delivery && (
        <fieldset className="drv-proof" aria-describedby={issues.photo ? id('photo-error') : undefined}>
          <legend>Proof of delivery: a photo, a signature, or both</legend>
          <Field id={id('photo')} label="Photo" error={photoProblem}>
            <input
              id={id('photo')}
              ref={photoInput}
              type="file"
              accept="image/*"
              capture="environment"
              className="drv-file"
              onChange={(e) => void takePhoto(e.target.files?.[0])}
            />
          </Field>
          {photoBusy && <p role="status">Preparing the photo…</p>}
          {photo && (
            <div className="drv-photo">
              <img src={photo.data} alt="Photo of the delivery" />
              <button
                type="button"
                className="drv-button drv-button--small"
                onClick={() => {
                  setPhoto(undefined);
                  if (photoInput.current) photoInput.current.value = '';
                }}
              >
                Remove photo
              </button>
            </div>
          )}
          <div className="drv-field">
            <span className="drv-field__label" id={id('signature-label')}>
              Signature
            </span>
            <SignaturePad
              id={id('signature')}
              onChange={(dataUrl) => {
                setSignature(dataUrl);
                if (dataUrl) settle('photo', 'signature');
              }}
              describedBy={described('signature')}
            />
            {issues.signature && (
              <p id={id('signature-error')} className="drv-field__error">
                {issues.signature}
              </p>
            )}
          </div>
          {issues.photo && (
            <p id={id('photo-error')} className="drv-field__error">
              {issues.photo}
            </p>
          )}
        </fieldset>
      )}

      {delivery && (
        <TextField
          id={id('receiverName')}
          label="Receiver's name"
          error={issues.receiverName}
          autoComplete="off"
          value={receiverName}
          onValue={(value) => {
            setReceiverName(value);
            settle('receiverName');
          }}
        />
      )}

      {outcome === 'PARTIAL' && (
        <fieldset className="drv-partial" aria-describedby={issues.notDelivered ? id('notDelivered-error') : undefined}>
          <legend>Not delivered (units that come back)</legend>
          {stop.lines.map((line) => (
            <div key={line.lineId} className="drv-partial__line">
              <label htmlFor={id(`nd-${line.lineId}`)}>
                {line.name} <span className="drv-lines__sku">{line.sku}</span>
                <span className="drv-field__hint"> of {line.quantity}</span>
              </label>
              <input
                id={id(`nd-${line.lineId}`)}
                inputMode="numeric"
                pattern="[0-9]*"
                placeholder="0"
                aria-label={`Not delivered: ${line.name} (of ${line.quantity})`}
                value={notDelivered[line.lineId] ?? ''}
                onChange={(e) => {
                  setNotDelivered({ ...notDelivered, [line.lineId]: e.target.value });
                  settle('notDelivered');
                }}
              />
            </div>
          ))}
          {issues.notDelivered && (
            <p id={id('notDelivered-error')} className="drv-field__error">
              {issues.notDelivered}
            </p>
          )}
        </fieldset>
      )}

      {outcome !== 'DELIVERED' && (
        <Field id={id('reason')} label="Reason" error={issues.reason}>
          <textarea
            id={id('reason')}
            rows={2}
            value={reason}
            aria-invalid={issues.reason ? true : undefined}
            aria-describedby={described('reason')}
            onChange={(e) => {
              setReason(e.target.value);
              settle('reason');
            }}
          />
        </Field>
      )}

      <Field id={id('note')} label="Note (optional)" error={issues.note}>
        <textarea id={id('note')} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
      </Field>

      <p className="drv-field__hint">The time is recorded as now{position ? ', with where the phone is' : ''}.</p>
      <button type="submit" className="drv-button drv-button--primary" disabled={busy || photoBusy}>
        Record: {STOP_STATE_LABELS[outcome]}
      </button>
    </form>
  );
}
