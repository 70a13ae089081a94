import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs, { type KeyValuePairsProps } from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import type { Collection, DeliveryRecord, Order } from '@bo/shared';
import { useCan } from '../../../access/route-access';
import { errorMessage } from '../../../api/client';
import { useApiQuery } from '../../../api/hooks';
import {
  CollectionStatusCell,
  collectionMethodText,
  mapsHref,
  StopStateCell,
} from '../../../components/deliveries/delivery-display';
import { formatUnits } from '../../../format/counts';
import { formatDateTime } from '../../../format/dates';
import { formatMoney } from '../../../format/money';
import { DELIVERY_PROOF_TEXT as TEXT, ORDER_RETURNS_ANCHOR, showsDelivery } from './delivery-proof-text';
export { showsDelivery };
import ProofImage from './ProofImage';
import './delivery-proof.css';

/** Proof links live 60 s: an answer older than this is asked for again before its images are drawn anew. */
const PROOF_STALE_MS = 45_000;

const newestFirst = (a: { at: string }, b: { at: string }) => b.at.localeCompare(a.at);

function scrollToReturns() {
  document.getElementById(ORDER_RETURNS_ANCHOR)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

function RecordView({ record, onExpired }: { record: DeliveryRecord; onExpired: () => void }) {
  const items: KeyValuePairsProps.Item[] = [
    { label: TEXT.time, value: formatDateTime(record.at) },
    { label: TEXT.driver, value: record.driverName ?? record.driverId },
    ...(record.receiverName ? [{ label: TEXT.receiver, value: record.receiverName }] : []),
    ...(record.position
      ? [
          {
            label: TEXT.position,
            value: (
              <Link href={mapsHref(record.position)} external externalIconAriaLabel="(opens in a new tab)">
                {`${record.position.latitude.toFixed(5)}, ${record.position.longitude.toFixed(5)}`}
              </Link>
            ),
          },
        ]
      : []),
    ...(record.reason ? [{ label: TEXT.reason, value: record.reason }] : []),
    ...(record.note ? [{ label: TEXT.note, value: <div className="bo-proof-note">{record.note}</div> }] : []),
    ...(record.notDelivered?.length
      ? [
          {
            label: TEXT.notDelivered,
            value: (
              <ul className="bo-proof-lines">
                {record.notDelivered.map((l) => (
                  <li key={l.lineId}>
                    {formatUnits(l.quantity)} × {l.name}{' '}
                    <Box variant="span" color="text-body-secondary">
                      ({l.sku})
                    </Box>
                  </li>
                ))}
              </ul>
            ),
          },
        ]
      : []),
    ...(record.returnId
      ? [
          {
            label: TEXT.returnLabel,
            value: (
              <Link href={`#${ORDER_RETURNS_ANCHOR}`} onFollow={scrollToReturns}>
                {TEXT.seeReturn}
              </Link>
            ),
          },
        ]
      : []),
  ];
  const who = record.receiverName ? ` by ${record.receiverName}` : '';
  return (
    <section aria-label={`Delivery record of ${formatDateTime(record.at)}`} data-testid="delivery-record">
      <SpaceBetween size="s">
        <Header variant="h3" description={TEXT.recorded(formatDateTime(record.recordedAt))}>
          <StopStateCell state={record.outcome} />
        </Header>
        <KeyValuePairs columns={3} items={items} />
        {record.photoUrl || record.signatureUrl ? (
          <div className="bo-proof-images">
            {record.photoUrl && (
              <ProofImage
                src={record.photoUrl}
                alt={`Delivery photo, order ${record.orderNum}`}
                label={TEXT.photo}
                onExpired={onExpired}
              />
            )}
            {record.signatureUrl && (
              <ProofImage
                src={record.signatureUrl}
                alt={`Signature${who}, order ${record.orderNum}`}
                label={TEXT.signature}
                onExpired={onExpired}
              />
            )}
          </div>
        ) : (
          (record.outcome === 'DELIVERED' || record.outcome === 'PARTIAL') && (
            <Box color="text-status-inactive">{TEXT.noProof}</Box>
          )
        )}
      </SpaceBetween>
    </section>
  );
}

function CollectionsTable({ collections }: { collections: Collection[] }) {
  return (
    <Table<Collection>
      variant="borderless"
      items={collections}
      trackBy="id"
      ariaLabels={{ tableLabel: TEXT.money }}
      header={<Header variant="h3">{TEXT.money}</Header>}
      empty={<Box color="text-status-inactive">{TEXT.noMoney}</Box>}
      columnDefinitions={[
        { id: 'at', header: TEXT.time, cell: (c) => formatDateTime(c.at), isRowHeader: true },
        {
          id: 'collected',
          header: 'Collected',
          cell: (c) => `${formatMoney(c.amount)} ${collectionMethodText(c).toLowerCase()}`,
        },
        {
          id: 'status',
          header: 'Status',
          cell: (c) => (
            <SpaceBetween size="xxxs">
              <CollectionStatusCell status={c.status} />
              {c.status !== 'PENDING' && (
                <Box color="text-body-secondary" fontSize="body-s">
                  {[c.decidedAt && formatDateTime(c.decidedAt), c.rejectReason].filter(Boolean).join(': ')}
                </Box>
              )}
            </SpaceBetween>
          ),
        },
      ]}
    />
  );
}

/**
 * An order's Delivery (issue 26): what the driver recorded at the stop, newest first (outcome, receiver, time,
 * where, note or reason, the lines not delivered and their return) with the proof photo and signature, and the
 * money collected for the order with its state. For delivery orders only, and the roles that read them
 * (`deliveries.getByOrder`); the proof links are short-lived, so an image that fails asks for fresh ones.
 */
export default function OrderDeliverySection({ order }: { order: Pick<Order, 'id' | 'pickupOrder' | 'orderStatus'> }) {
  const readable = useCan()('deliveries.getByOrder');
  const shown = readable && showsDelivery(order);
  const query = useApiQuery(
    'deliveries.getByOrder',
    { params: { orderId: order.id } },
    { enabled: shown, staleTime: PROOF_STALE_MS },
  );
  if (!shown) return null;

  const records = [...(query.data?.records ?? [])].sort(newestFirst);
  const collections = [...(query.data?.collections ?? [])].sort(newestFirst);
  const refetch = () => void query.refetch();

  let content;
  if (query.isPending) content = <StatusIndicator type="loading">{TEXT.loading}</StatusIndicator>;
  else if (query.isError)
    content = (
      <Alert type="error" statusIconAriaLabel="Error" action={<Button onClick={refetch}>{TEXT.retry}</Button>}>
        {errorMessage(query.error, TEXT.error)}
      </Alert>
    );
  else if (records.length === 0 && collections.length === 0)
    content = <Box color="text-status-inactive">{TEXT.nothingYet}</Box>;
  else
    content = (
      <SpaceBetween size="l">
        {records.map((r) => (
          <RecordView key={r.id} record={r} onExpired={refetch} />
        ))}
        {collections.length > 0 && <CollectionsTable collections={collections} />}
      </SpaceBetween>
    );

  return (
    <ExpandableSection
      variant="container"
      defaultExpanded
      headerText={TEXT.title}
      headerCounter={query.data ? `(${records.length})` : undefined}
    >
      <div data-testid="order-delivery">{content}</div>
    </ExpandableSection>
  );
}
