import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { apiCall, errorMessage } from '../../../api/client';
import StatementPeriodField from './StatementPeriodField';
import { runBatch, type BatchCustomer, type BatchFailure } from './batch-statements';
import { defaultStatementRange, statementPeriod, type StatementPeriod } from './statement-range';
import { BATCH_TEXT, batchZipName } from './statement-text';

export interface BatchStatementsModalProps {
  /** The customers listed with a balance. */
  customers: readonly BatchCustomer[];
}

declare module '../../../modals/context' {
  interface ModalPropsByName {
    BatchStatements: BatchStatementsModalProps;
  }
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'running'; done: number }
  | { kind: 'zipping' }
  | { kind: 'cancelled'; done: number }
  | { kind: 'finished'; fileName?: string; count: number; failures: BatchFailure[]; zipError?: string };

/** Fetches one customer's statement for the period and makes its PDF. */
async function statementPdf(customer: BatchCustomer, period: StatementPeriod) {
  const statement = await apiCall('customers.getStatement', {
    params: { customerId: customer.customerId },
    query: period,
  });
  const { statementPdfFile } = await import('./statement-files');
  return statementPdfFile(statement);
}

/**
 * Registry `BatchStatements` (Receivables, "Statements for all"): the statement of every customer listed, for a
 * period (the last 30 days by default), fetched three at a time, each made into a PDF, all in one zip
 * (`Statements_<from>_<to>.zip`). A progress bar counts them; Cancel starts no further customer; the customers
 * that failed are listed, and the zip holds the others.
 */
export default function BatchStatementsModal({
  customers,
  onDismiss,
}: BatchStatementsModalProps & { onDismiss: () => void }) {
  const [range, setRange] = useState<DateRangePickerProps.Value | null>(() => defaultStatementRange());
  const period = useMemo(() => statementPeriod(range), [range]);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const total = customers.length;

  // Closing the dialog (or leaving the page) stops the batch.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    if (!period || total === 0) return;
    const abort = new AbortController();
    controller.current = abort;
    setPhase({ kind: 'running', done: 0 });
    const result = await runBatch({
      customers,
      signal: abort.signal,
      makeFile: (customer) => statementPdf(customer, period),
      onProgress: (done) => setPhase({ kind: 'running', done }),
      describeError: (error) => errorMessage(error, BATCH_TEXT.fetchFallback),
    });
    if (result.cancelled) return;
    if (result.files.length === 0) {
      setPhase({ kind: 'finished', count: 0, failures: result.failures });
      return;
    }
    setPhase({ kind: 'zipping' });
    try {
      const [{ zipFiles }, { downloadBlob }] = await Promise.all([
        import('./statement-files'),
        import('../../../components/download-file'),
      ]);
      const fileName = batchZipName(period);
      downloadBlob(await zipFiles(result.files), fileName);
      setPhase({ kind: 'finished', fileName, count: result.files.length, failures: result.failures });
    } catch (error) {
      console.error('Statements zip failed', error);
      setPhase({
        kind: 'finished',
        count: result.files.length,
        failures: result.failures,
        zipError: errorMessage(error, BATCH_TEXT.zipError),
      });
    }
  };

  const cancel = () => {
    controller.current?.abort();
    setPhase((current) => ({ kind: 'cancelled', done: current.kind === 'running' ? current.done : 0 }));
  };

  const working = phase.kind === 'running' || phase.kind === 'zipping';
  const dismiss = () => {
    controller.current?.abort();
    onDismiss();
  };

  const done = phase.kind === 'running' || phase.kind === 'cancelled' ? phase.done : phase.kind === 'idle' ? 0 : total;
  const progress =
    phase.kind === 'idle' ? null : (
      <ProgressBar
        label={BATCH_TEXT.progressLabel}
        value={total === 0 ? 100 : Math.round((done / total) * 100)}
        description={
          phase.kind === 'zipping'
            ? BATCH_TEXT.zipping
            : phase.kind === 'running'
              ? BATCH_TEXT.progress(done, total)
              : undefined
        }
        status={phase.kind === 'cancelled' ? 'error' : phase.kind === 'finished' ? 'success' : 'in-progress'}
        resultText={
          phase.kind === 'cancelled'
            ? BATCH_TEXT.cancelled(done, total)
            : phase.kind === 'finished'
              ? BATCH_TEXT.progress(total, total)
              : undefined
        }
      />
    );

  const outcome = (() => {
    if (phase.kind !== 'finished') return null;
    return (
      <SpaceBetween size="s">
        {phase.fileName && (
          <Alert type="success" statusIconAriaLabel="Success">
            {BATCH_TEXT.done(phase.fileName, phase.count)}
          </Alert>
        )}
        {phase.zipError && (
          <Alert type="error" statusIconAriaLabel="Error">
            {phase.zipError}
          </Alert>
        )}
        {phase.failures.length > 0 && (
          <Alert type="warning" statusIconAriaLabel="Warning" header={BATCH_TEXT.failuresHeader(phase.failures.length)}>
            <div data-testid="statement-failures">
              <ul>
                {phase.failures.map((f) => (
                  <li key={f.customerId}>{BATCH_TEXT.failure(f.customerName, f.message)}</li>
                ))}
              </ul>
              {phase.count > 0 ? BATCH_TEXT.failuresNote : BATCH_TEXT.noneMade}
            </div>
          </Alert>
        )}
      </SpaceBetween>
    );
  })();

  return (
    <Modal
      visible
      header={BATCH_TEXT.title}
      onDismiss={dismiss}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            {working ? (
              <Button onClick={cancel} disabled={phase.kind === 'zipping'}>
                {BATCH_TEXT.cancel}
              </Button>
            ) : (
              <Button variant={phase.kind === 'idle' ? 'link' : 'primary'} onClick={dismiss}>
                {phase.kind === 'idle' ? BATCH_TEXT.cancel : BATCH_TEXT.close}
              </Button>
            )}
            {phase.kind === 'idle' && (
              <Button variant="primary" disabled={!period || total === 0} onClick={() => void start()}>
                {BATCH_TEXT.start}
              </Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box>{BATCH_TEXT.description(total)}</Box>
        <StatementPeriodField value={range} onChange={setRange} disabled={phase.kind !== 'idle'} />
        {progress}
        {outcome}
      </SpaceBetween>
    </Modal>
  );
}
