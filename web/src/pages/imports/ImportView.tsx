import { useNavigate } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { importPercent, type ImportJob } from '@bo/shared';
import { importsHref } from '../../access/pages';
import { errorMessage } from '../../api/client';
import { formatUnits } from '../../format/counts';
import { useModals } from '../../modals/context';
import DryRunTable from './DryRunTable';
import ImportResult from './ImportResult';
import ImportSummary from './ImportSummary';
import { commitConfirmation, IMPORTS_TEXT, rowsToWrite } from './imports-config';
import { useCommitImport, useImportRows, useImportStatus } from './use-imports';

/**
 * One import in its current state: waiting for its file or being read; refused (the reason, and another file);
 * its dry run with Commit; the commit's progress; or what the commit wrote.
 */
export default function ImportView({ id }: { id: string }) {
  const status = useImportStatus(id);
  const job = status.data;

  if (status.isPending) return <StatusIndicator type="loading">Loading the import…</StatusIndicator>;
  if (status.isError || !job)
    return (
      <Alert
        type="error"
        header={IMPORTS_TEXT.loadError}
        action={<Button onClick={() => void status.refetch()}>Retry</Button>}
      >
        {errorMessage(status.error, 'Try again.')}
      </Alert>
    );

  return (
    <SpaceBetween size="l">
      <ImportSummary job={job} />
      <ImportState job={job} />
    </SpaceBetween>
  );
}

function ImportState({ job }: { job: ImportJob }) {
  switch (job.status) {
    case 'UPLOADING':
      return (
        <Container>
          <StatusIndicator type="pending">{IMPORTS_TEXT.waitingForFile}</StatusIndicator>
        </Container>
      );
    case 'READING':
      return (
        <Container>
          <StatusIndicator type="loading">{IMPORTS_TEXT.reading}</StatusIndicator>
        </Container>
      );
    case 'FAILED':
      return <ReadFailed job={job} />;
    case 'PLANNED':
      return <DryRun job={job} />;
    case 'COMMITTING':
      return (
        <Container>
          <ProgressBar
            label={IMPORTS_TEXT.committing}
            value={importPercent(job.progress.done, job.progress.total)}
            description={`${formatUnits(job.progress.done)} of ${formatUnits(job.progress.total)} rows written`}
          />
        </Container>
      );
    case 'DONE':
      return <ImportResult job={job} />;
  }
}

function ReadFailed({ job }: { job: ImportJob }) {
  const navigate = useNavigate();
  return (
    <Alert
      type="error"
      header={IMPORTS_TEXT.failed}
      action={<Button onClick={() => void navigate(importsHref(job.kind))}>{IMPORTS_TEXT.chooseAnother}</Button>}
    >
      {job.message ?? 'Check the file against the template and upload it again.'}
    </Alert>
  );
}

function DryRun({ job }: { job: ImportJob }) {
  const rows = useImportRows(job.id, true);
  const commit = useCommitImport(job.id);
  const { openModal } = useModals();
  const writes = rowsToWrite(job.counts);

  const confirm = () =>
    openModal('Confirmation', {
      title: IMPORTS_TEXT.commitTitle,
      message: commitConfirmation(job.counts),
      confirmLabel: IMPORTS_TEXT.commit,
      onConfirm: () => commit.mutateAsync({ params: { id: job.id } }),
    });

  return (
    <DryRunTable
      kind={job.kind}
      counts={job.counts}
      rows={rows.data}
      loading={rows.isPending}
      error={rows.isError ? errorMessage(rows.error, 'Try again.') : undefined}
      onRetry={() => void rows.refetch()}
      actions={
        <Button
          variant="primary"
          onClick={confirm}
          loading={commit.isPending}
          disabled={writes === 0}
          disabledReason={IMPORTS_TEXT.commitDisabled}
        >
          {IMPORTS_TEXT.commit}
        </Button>
      }
    />
  );
}
