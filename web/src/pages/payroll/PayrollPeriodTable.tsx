import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { ColumnPreferences } from '../../components/TablePreferences';
import { formatUsd, periodLabel, type PeriodRef } from '@bo/shared';
import { apiCall, errorMessage } from '../../api/client';
import { invalidateRoutes, useApiQuery } from '../../api/hooks';
import { useCan } from '../../access/route-access';
import { formatDateTime } from '../../format/dates';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';
import { useLocalStorage } from '../../components/use-local-storage';
import { useModals } from '../../modals/context';
import { useNotifications } from '../../notifications/notifications';
import { payrollColumns } from './payroll-columns';
import {
  PAYROLL_DEFAULT_PREFERENCES,
  PAYROLL_DISPLAY_OPTIONS,
  PAYROLL_PREFERENCES_KEY,
  PAYROLL_STICKY_COLUMNS,
} from './payroll-config';
import { cellProblem, isRowChanged, periodTotalPay, rowBody, type RowEdits } from './payroll-edits';
import { monthName, PAYROLL_QUERY_ROUTES, periodParams } from './payroll-routes';

/** Spec section 9: the period reloads 1 s after Save changes. */
export const RELOAD_AFTER_SAVE_MS = 1000;

/**
 * One pay period's table (spec sections 2 and 4, Payroll): edits stay local until Save changes, which posts
 * only the changed users and reloads 1 s later; Submit Payroll posts the whole period after a confirmation and
 * locks it; Delete removes it after a confirmation. A submitted period is read-only.
 */
export default function PayrollPeriodTable({
  period,
  onDirtyChange,
}: {
  period: PeriodRef;
  /** Told whether there are unsaved edits (the page asks before switching period). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { year, month, payPeriod } = period;
  const params = periodParams(year, month, payPeriod);
  const query = useApiQuery('payroll.get', { params });
  const can = useCan();
  const { openModal } = useModals();
  const notify = useNotifications();
  const queryClient = useQueryClient();
  const [edits, setEdits] = useState<RowEdits>({});
  const [saving, setSaving] = useState(false);
  const [preferences, setPreferences] = useLocalStorage(PAYROLL_PREFERENCES_KEY, PAYROLL_DEFAULT_PREFERENCES);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const data = query.data;
  const rows = data?.users ?? [];
  const submitted = data?.status === 'SUBMITTED';
  const editable = !submitted && can('payroll.update');
  const changed = rows.filter((r) => isRowChanged(r, edits));
  const invalid = rows.some((r) =>
    (['baseRate', 'hoursWorked', 'bonus'] as const).some((f) => cellProblem(r, edits, f)),
  );
  const name = `${monthName(month)} ${year} ${periodLabel(payPeriod)}`;
  const dirty = changed.length > 0 && !saving;
  useUnsavedChangesGuard(dirty);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const reload = () => invalidateRoutes(queryClient, PAYROLL_QUERY_ROUTES);

  const saveChanges = async () => {
    if (saving || invalid || changed.length === 0) return;
    setSaving(true);
    try {
      for (const row of changed) {
        await apiCall('payroll.update', { params: { ...params, userId: row.id }, body: rowBody(row, edits) });
      }
      notify.success(`Saved ${changed.length} ${changed.length === 1 ? 'row' : 'rows'} of ${name}.`);
      timer.current = setTimeout(() => {
        void reload().then(() => {
          setEdits({});
          setSaving(false);
        });
      }, RELOAD_AFTER_SAVE_MS);
    } catch (error) {
      console.error('Payroll save failed', error);
      notify.error(errorMessage(error, 'Payroll was not saved. Try again.'));
      setSaving(false);
    }
  };

  const submitPayroll = () =>
    openModal('Confirmation', {
      title: 'Submit Payroll',
      message: `Submit the payroll of ${name}? A submitted period can no longer change.`,
      confirmLabel: 'Submit Payroll',
      onConfirm: async () => {
        await apiCall('payroll.submit', { params, body: { users: rows.map((r) => rowBody(r, edits)) } });
        setEdits({});
        notify.success(`Payroll of ${name} submitted.`);
        await reload();
      },
    });

  const deletePeriod = () =>
    openModal('Confirmation', {
      title: 'Delete payroll',
      message: `Delete the payroll of ${name}? Its rows, reimbursements and commission orders are removed.`,
      confirmLabel: 'Delete',
      variant: 'danger',
      onConfirm: async () => {
        await apiCall('payroll.delete', { params });
        setEdits({});
        notify.success(`Payroll of ${name} deleted.`);
        await reload();
      },
    });

  const status = submitted ? (
    <StatusIndicator type="success">Submitted {formatDateTime(data?.submittedAt)}</StatusIndicator>
  ) : (
    <StatusIndicator type="info">
      Draft, last saved {data?.lastSaved ? formatDateTime(data.lastSaved) : 'never'}
    </StatusIndicator>
  );

  return (
    <Table
      items={rows}
      trackBy="id"
      stickyColumns={PAYROLL_STICKY_COLUMNS}
      wrapLines
      columnDisplay={preferences.contentDisplay}
      preferences={
        <ColumnPreferences
          preferences={preferences}
          defaults={PAYROLL_DEFAULT_PREFERENCES}
          onChange={setPreferences}
          contentDisplayOptions={PAYROLL_DISPLAY_OPTIONS}
        />
      }
      ariaLabels={{ tableLabel: `Payroll ${name}` }}
      loading={query.isPending}
      loadingText="Loading payroll"
      columnDefinitions={payrollColumns({
        edits,
        editable,
        onEdit: (userId, field, value) => setEdits((e) => ({ ...e, [userId]: { ...e[userId], [field]: value } })),
        onCalculate: (row) => openModal('CalculateCommission', { userId: row.id, year, month, payPeriod }),
        onReimbursements: (row) => openModal('ManageReimbursements', { userId: row.id, year, month, payPeriod }),
      })}
      header={
        <Header
          counter={data ? `(${rows.length})` : undefined}
          description={
            data ? (
              // The description renders inside a <p>: phrasing content only (SpaceBetween is a <div>).
              <span className="payroll-summary">
                <span data-testid="payroll-status">{status}</span>
                <Box variant="span" fontWeight="bold" data-testid="payroll-total">
                  Total pay {formatUsd(periodTotalPay(rows, edits))}
                </Box>
              </span>
            ) : undefined
          }
          actions={
            editable && (
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={deletePeriod} disabled={saving}>
                  Delete
                </Button>
                <Button onClick={() => void saveChanges()} disabled={changed.length === 0 || invalid} loading={saving}>
                  Save changes
                </Button>
                <Button variant="primary" onClick={submitPayroll} disabled={saving || invalid || rows.length === 0}>
                  Submit Payroll
                </Button>
              </SpaceBetween>
            )
          }
        >
          {name}
        </Header>
      }
      empty={
        query.isError ? (
          <Alert type="error" statusIconAriaLabel="Error">
            {errorMessage(query.error, 'Failed to load payroll.')}
          </Alert>
        ) : (
          <Box textAlign="center">No users in this pay period</Box>
        )
      }
    />
  );
}
