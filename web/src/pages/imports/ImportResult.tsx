import Alert from '@cloudscape-design/components/alert';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { ImportJob } from '@bo/shared';
import { useFollow } from '../../components/navigation';
import { formatDateTime } from '../../format/dates';
import { IMPORTS_TEXT, KIND_LIST_PAGE, resultText } from './imports-config';

/** A committed import: what it created and updated, a link to where those records list, and the rows it could not write. */
export default function ImportResult({ job }: { job: ImportJob }) {
  const follow = useFollow();
  const committed = job.committed ?? { created: 0, updated: 0, failed: 0 };
  const failures = job.failures ?? [];
  const list = KIND_LIST_PAGE[job.kind];
  return (
    <SpaceBetween size="l">
      <Alert
        type={committed.failed > 0 ? 'warning' : 'success'}
        header={IMPORTS_TEXT.done}
        action={
          <Link href={list.href} onFollow={follow}>
            Open {list.title}
          </Link>
        }
      >
        {resultText(committed)}
        {job.finishedAt &&
          ` Finished ${formatDateTime(job.finishedAt)}${job.committedBy ? ` by ${job.committedBy}` : ''}.`}
      </Alert>
      {failures.length > 0 && (
        <Table
          variant="container"
          items={failures}
          trackBy="row"
          wrapLines
          ariaLabels={{ tableLabel: IMPORTS_TEXT.failures }}
          header={
            <Header variant="h2" counter={`(${failures.length})`}>
              {IMPORTS_TEXT.failures}
            </Header>
          }
          columnDefinitions={[
            { id: 'row', header: 'Row', cell: (f) => f.row, width: 90 },
            { id: 'label', header: 'Record', cell: (f) => f.label, isRowHeader: true, width: 260 },
            { id: 'message', header: 'Why', cell: (f) => f.message },
          ]}
        />
      )}
    </SpaceBetween>
  );
}
