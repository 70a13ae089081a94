import { useSearchParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import Link from '@cloudscape-design/components/link';
import { isAllowed, pendingUntaggedByBatch, type Batch, type PendingOrderItem } from '@bo/shared';
import { isApiError } from '../../api/client';
import { useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import { formatDay } from '../../format/dates';
import { routeIndex } from 'virtual:route-index';

export const TAGS_TEXT = {
  noSku: 'No SKU given. Open this page from a product\u2019s \u201cManage Product Tags\u201d button.',
  noBatches: 'No batches for this SKU',
  loading: 'Loading...',
  error: 'Error...',
  openOrders: 'Open orders holding this SKU',
  noOpenOrders: 'No open order holds this SKU',
  noBatch: 'No batch (untagged)',
} as const;

/** `/products/tags?sku={sku}`: a SKU's product and its batches with their tag counts. */
export default function ProductTagsPage() {
  const [search] = useSearchParams();
  const sku = search.get('sku')?.trim() ?? '';
  const session = useSession();
  const query = useApiQuery('products.getBySku', { params: { sku: sku || '-' } }, { enabled: Boolean(sku) });
  const readsOrders = isAllowed(routeIndex['orders.getPendingOrderItemsForTags'].roles, session.roles);
  const pending = useApiQuery('orders.getPendingOrderItemsForTags', {}, { enabled: Boolean(sku) && readsOrders });
  const data = query.data;
  const batches = data?.batches ?? [];
  const openLines = (pending.data ?? []).filter((i) => i.productSku === sku);
  const reserved = pendingUntaggedByBatch(openLines);
  const batchNumbers = new Map(batches.map((b) => [b.id, b.batchNumber]));
  const totals = batches.reduce(
    (t, b) => ({
      initial: t.initial + b.initialQuantity,
      remaining: t.remaining + b.remainingQuantity,
      checkedIn: t.checkedIn + (b.isCheckedIn ? 1 : 0),
    }),
    { initial: 0, remaining: 0, checkedIn: 0 },
  );

  const header = (
    <Header variant="h1" description={data ? `${data.name} · ${data.sku}` : sku ? `SKU ${sku}` : undefined}>
      Product tags
    </Header>
  );

  let body;
  if (!sku) body = <Alert type="info">{TAGS_TEXT.noSku}</Alert>;
  else if (query.isPending) body = <StatusIndicator type="loading">{TAGS_TEXT.loading}</StatusIndicator>;
  else if (query.isError && isApiError(query.error) && query.error.status === 404)
    body = (
      <Box textAlign="center" padding="l" variant="h3">
        {TAGS_TEXT.noBatches}
      </Box>
    );
  else if (query.isError)
    body = (
      <Alert
        type="error"
        statusIconAriaLabel="Error"
        action={<Button onClick={() => void query.refetch()}>Retry</Button>}
      >
        {TAGS_TEXT.error}
      </Alert>
    );
  else
    body = (
      <SpaceBetween size="l">
        <KeyValuePairs
          columns={4}
          items={[
            { label: 'Batches', value: batches.length },
            { label: 'Checked in', value: `${totals.checkedIn} of ${batches.length}` },
            { label: 'Initial tags', value: totals.initial },
            { label: 'Remaining tags', value: totals.remaining },
          ]}
        />
        <Table<Batch>
          items={batches}
          trackBy="id"
          variant="container"
          header={<Header counter={`(${batches.length})`}>Batches</Header>}
          ariaLabels={{ tableLabel: 'Batches' }}
          empty={<Box textAlign="center">{TAGS_TEXT.noBatches}</Box>}
          columnDefinitions={[
            { id: 'batchNumber', header: 'Batch number', cell: (b) => b.batchNumber, isRowHeader: true },
            { id: 'receivedOn', header: 'Received on', cell: (b) => formatDay(b.receivedOn) },
            {
              id: 'checkedIn',
              header: 'Checked in',
              cell: (b) =>
                b.isCheckedIn ? (
                  <StatusIndicator type="success">Checked in</StatusIndicator>
                ) : (
                  <StatusIndicator type="pending">Not checked in</StatusIndicator>
                ),
            },
            { id: 'initial', header: 'Initial', cell: (b) => b.initialQuantity },
            { id: 'remaining', header: 'Remaining', cell: (b) => b.remainingQuantity },
            { id: 'used', header: 'Used', cell: (b) => b.initialQuantity - b.remainingQuantity },
            ...(readsOrders
              ? [
                  { id: 'reserved', header: 'Reserved by orders', cell: (b: Batch) => reserved[b.id] ?? 0 },
                  {
                    id: 'available',
                    header: 'Available',
                    cell: (b: Batch) => Math.max(0, b.remainingQuantity - (reserved[b.id] ?? 0)),
                  },
                ]
              : []),
          ]}
        />
        {readsOrders && (
          <Table<PendingOrderItem>
            items={openLines}
            variant="container"
            loading={pending.isPending}
            loadingText={TAGS_TEXT.loading}
            header={<Header counter={`(${openLines.length})`}>{TAGS_TEXT.openOrders}</Header>}
            ariaLabels={{ tableLabel: TAGS_TEXT.openOrders }}
            empty={<Box textAlign="center">{TAGS_TEXT.noOpenOrders}</Box>}
            columnDefinitions={[
              {
                id: 'order',
                header: 'Order',
                isRowHeader: true,
                cell: (i) => (
                  <Link href={`/orders/${encodeURIComponent(i.orderNum)}`} external>
                    {i.orderNum}
                  </Link>
                ),
              },
              {
                id: 'batch',
                header: 'Batch',
                cell: (i) =>
                  i.productBatchId ? (batchNumbers.get(i.productBatchId) ?? i.productBatchId) : TAGS_TEXT.noBatch,
              },
              { id: 'quantity', header: 'Units', cell: (i) => i.quantity },
              {
                id: 'tags',
                header: 'Tags',
                cell: (i) =>
                  !i.productBatchId ? (
                    '—'
                  ) : i.tagsPulled ? (
                    <StatusIndicator type="success">Pulled</StatusIndicator>
                  ) : (
                    <StatusIndicator type="pending">To pull</StatusIndicator>
                  ),
              },
            ]}
          />
        )}
      </SpaceBetween>
    );

  return <ContentLayout header={header}>{body}</ContentLayout>;
}
