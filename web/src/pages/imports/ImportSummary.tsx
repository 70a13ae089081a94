import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ImportJob } from '@bo/shared';
import { IMPORT_KIND_LABELS } from '@bo/shared';
import { formatDateTime } from '../../format/dates';
import { formatUnits } from '../../format/counts';
import { ACTION_LABELS, ACTION_STATUS, ACTIONS, STATUS_INDICATOR, STATUS_LABELS } from './imports-config';

/** One import's heading: its file, kind, state and who made it; once read, its rows per action. */
export default function ImportSummary({ job }: { job: ImportJob }) {
  const read = job.status !== 'UPLOADING' && job.status !== 'READING' && job.status !== 'FAILED';
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={[
            IMPORT_KIND_LABELS[job.kind],
            read ? `${formatUnits(job.rowCount)} rows` : undefined,
            `uploaded ${formatDateTime(job.createdAt)}${job.createdBy ? ` by ${job.createdBy}` : ''}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        >
          {job.fileName}
        </Header>
      }
    >
      <ColumnLayout columns={read ? 5 : 1} variant="text-grid" minColumnWidth={120}>
        <div>
          <Box variant="awsui-key-label">Status</Box>
          <StatusIndicator type={STATUS_INDICATOR[job.status]}>{STATUS_LABELS[job.status]}</StatusIndicator>
        </div>
        {read &&
          ACTIONS.map((a) => (
            <div key={a} data-testid={`count-${a}`}>
              <Box variant="awsui-key-label">
                <StatusIndicator type={ACTION_STATUS[a]}>{ACTION_LABELS[a]}</StatusIndicator>
              </Box>
              <Box variant="awsui-value-large">{formatUnits(job.counts[a])}</Box>
            </div>
          ))}
      </ColumnLayout>
    </Container>
  );
}
