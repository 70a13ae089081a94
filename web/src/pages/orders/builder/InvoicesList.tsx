import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Link from '@cloudscape-design/components/link';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { invoiceFilter } from '@bo/shared';
import { useApiQuery } from '../../../api/hooks';
import { formatDateTime } from '../../../format/dates';

export const INVOICES_TEXT = { empty: 'No invoices found.' } as const;

/**
 * The saved invoices of one order (spec section 2, Panels and bars): collapsible, scrolling above 500 px.
 * The list is `storage/list/documents?filter=invoices/{customer}_{orderNum}_`.
 */
export default function InvoicesList({ customerName, orderNum }: { customerName: string; orderNum: string }) {
  const query = useApiQuery('storage.list', {
    params: { bucket: 'documents' },
    query: { filter: invoiceFilter(customerName, orderNum) },
  });
  const files = query.data ?? [];
  return (
    <ExpandableSection
      variant="container"
      defaultExpanded
      headerText="Invoices"
      headerCounter={query.data ? `(${files.length})` : undefined}
      headerActions={
        <Button
          iconName="refresh"
          variant="icon"
          ariaLabel="Refresh invoices"
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        />
      }
    >
      {query.isPending ? (
        <StatusIndicator type="loading">Loading...</StatusIndicator>
      ) : query.isError ? (
        <StatusIndicator type="error">Error...</StatusIndicator>
      ) : files.length === 0 ? (
        <Box color="text-body-secondary">{INVOICES_TEXT.empty}</Box>
      ) : (
        <div className="ob-scroll" tabIndex={0} role="region" aria-label="Saved invoices">
          <ul className="ob-invoices">
            {files.map((file) => (
              <li key={file.name}>
                <Link href={file.url} external>
                  {file.name.replace(/^invoices\//, '')}
                </Link>
                {file.lastModified && (
                  <Box variant="small" color="text-body-secondary">
                    {formatDateTime(file.lastModified)}
                  </Box>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </ExpandableSection>
  );
}
