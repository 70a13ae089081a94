import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { fileNamePart } from '@bo/shared';
import { useApiQuery } from '../../../api/hooks';
import { formatDateTime } from '../../../format/dates';

/** The stored PDFs of one purchase order: `purchaseOrders/PO_{number}_` (the `_` keeps out PO 10010). */
export const purchaseOrderPdfFilter = (purchaseOrderNum: string): string =>
  `purchaseOrders/PO_${fileNamePart(purchaseOrderNum)}_`;

/** The purchase order's PDFs saved to the server, newest first, each a shareable link. */
export default function SavedPurchaseOrderPdfs({ purchaseOrderNum }: { purchaseOrderNum: string }) {
  const query = useApiQuery('storage.list', {
    params: { bucket: 'documents' },
    query: { filter: purchaseOrderPdfFilter(purchaseOrderNum) },
  });
  const files = [...(query.data ?? [])].sort((a, b) => (b.lastModified ?? '').localeCompare(a.lastModified ?? ''));
  return (
    <ExpandableSection
      variant="container"
      defaultExpanded
      headerText="Saved PDFs"
      headerCounter={query.data ? `(${files.length})` : undefined}
      headerActions={
        <Button
          iconName="refresh"
          variant="icon"
          ariaLabel="Refresh saved PDFs"
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        />
      }
    >
      {query.isPending ? (
        <StatusIndicator type="loading">Loading...</StatusIndicator>
      ) : query.isError ? (
        <StatusIndicator type="error">Error loading saved PDFs</StatusIndicator>
      ) : files.length === 0 ? (
        <Box color="text-body-secondary">No PDFs saved for this purchase order.</Box>
      ) : (
        <SavedFileList files={files} />
      )}
    </ExpandableSection>
  );
}

function SavedFileList({ files }: { files: ReadonlyArray<{ name: string; url: string; lastModified?: string }> }) {
  return (
    <ul className="bo-po-files">
      {files.map((file) => (
        <li key={file.name}>
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <Link href={file.url} external>
              {file.name.replace(/^purchaseOrders\//, '')}
            </Link>
            {file.lastModified && (
              <Box variant="small" color="text-body-secondary">
                {formatDateTime(file.lastModified)}
              </Box>
            )}
          </SpaceBetween>
        </li>
      ))}
    </ul>
  );
}
