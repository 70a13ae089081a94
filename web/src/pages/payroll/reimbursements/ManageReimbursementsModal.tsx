import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { formatUsd, reimbursementTotal } from '@bo/shared';
import { apiCall, errorMessage } from '../../../api/client';
import { invalidateRoutes, useApiQuery } from '../../../api/hooks';
import { useGuardedClose } from '../../../components/close-guard';
import { useNotifications } from '../../../notifications/notifications';
import { commissionParams, PAYROLL_QUERY_ROUTES, periodParams } from '../payroll-routes';
import type { ManageReimbursementsModalProps } from '../props';
import {
  blankLine,
  lineCents,
  lineProblem,
  linesChanged,
  linesFrom,
  reimbursementsBody,
  type ReimbursementLine,
} from './reimbursement-rows';

/**
 * Manage Reimbursements (spec section 2): Description and Amount rows starting from the user's saved ones,
 * '+ Add', 'X' only while there is more than one row, the running Total (shared `reimbursementTotal`), Submit.
 */
export default function ManageReimbursementsModal(props: ManageReimbursementsModalProps & { onDismiss: () => void }) {
  const { userId, year, month, payPeriod, onDismiss } = props;
  const notify = useNotifications();
  const queryClient = useQueryClient();
  const period = useApiQuery('payroll.get', { params: periodParams(year, month, payPeriod) });
  const row = period.data?.users.find((u) => u.id === userId);
  const [lines, setLines] = useState<ReimbursementLine[] | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (lines === null && period.data) setLines(linesFrom(row?.reimbursementsDetails ?? []));
  const locked = period.data?.status === 'SUBMITTED';
  const current = lines ?? [];
  const total = reimbursementTotal(current.map((l) => ({ amount: lineCents(l) ?? 0 })));
  const problems = current.map(lineProblem);
  const dirty = !locked && lines !== null && linesChanged(lines, row?.reimbursementsDetails ?? []);
  const close = useGuardedClose(dirty, busy, onDismiss);

  const change = (key: number, patch: Partial<ReimbursementLine>) =>
    setLines((ls) => (ls ?? []).map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const add = () => setLines((ls) => [...(ls ?? []), blankLine(Math.max(-1, ...(ls ?? []).map((l) => l.key)) + 1)]);
  const remove = (key: number) => setLines((ls) => (ls ?? []).filter((l) => l.key !== key));

  const submit = async () => {
    setShowErrors(true);
    setFailure(null);
    if (busy || problems.some(Boolean)) return;
    setBusy(true);
    try {
      await apiCall('payroll.submitReimbursements', {
        params: commissionParams(year, month, payPeriod, userId),
        body: reimbursementsBody(current),
      });
      notify.success(`Reimbursements saved for ${row?.name ?? 'the user'}.`);
      await invalidateRoutes(queryClient, PAYROLL_QUERY_ROUTES);
      onDismiss();
    } catch (error) {
      console.error('Reimbursements submit failed', error);
      setFailure(errorMessage(error, 'Try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible
      header="Manage Reimbursements"
      onDismiss={close}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            {failure !== null && <StatusIndicator type="error">{failure}</StatusIndicator>}
            <Button variant="link" onClick={close} disabled={busy}>
              Close
            </Button>
            {!locked && (
              <Button variant="primary" loading={busy} disabled={lines === null} onClick={() => void submit()}>
                Submit
              </Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      {period.isError ? (
        <StatusIndicator type="error">{errorMessage(period.error, 'Failed to load the pay period')}</StatusIndicator>
      ) : lines === null ? (
        <StatusIndicator type="loading">Loading</StatusIndicator>
      ) : (
        <SpaceBetween size="s">
          {row && <Box variant="h4">{row.name}</Box>}
          {current.map((line, i) => (
            <Grid key={line.key} gridDefinition={[{ colspan: 7 }, { colspan: 4 }, { colspan: 1 }]}>
              <FormField
                label={i === 0 ? 'Description' : undefined}
                errorText={showErrors ? problems[i]?.description : undefined}
              >
                <Input
                  value={line.description}
                  ariaLabel={`Description ${i + 1}`}
                  readOnly={locked}
                  onChange={({ detail }) => change(line.key, { description: detail.value })}
                />
              </FormField>
              <FormField
                label={i === 0 ? 'Amount' : undefined}
                errorText={showErrors ? problems[i]?.amount : undefined}
              >
                <Input
                  value={line.amountText}
                  inputMode="decimal"
                  ariaLabel={`Amount ${i + 1}`}
                  readOnly={locked}
                  onChange={({ detail }) => change(line.key, { amountText: detail.value })}
                />
              </FormField>
              {current.length > 1 && !locked ? (
                <Button
                  variant="icon"
                  iconName="close"
                  ariaLabel={`Remove row ${i + 1}`}
                  onClick={() => remove(line.key)}
                />
              ) : (
                <span />
              )}
            </Grid>
          ))}
          {!locked && (
            <Button variant="inline-link" onClick={add}>
              + Add
            </Button>
          )}
          <Box variant="h4" data-testid="reimbursement-total">
            Total: {formatUsd(total)}
          </Box>
        </SpaceBetween>
      )}
    </Modal>
  );
}
