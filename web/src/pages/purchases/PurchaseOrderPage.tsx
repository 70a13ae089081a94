import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { mayAccessDocuments, type PurchaseOrder } from '@bo/shared';
import { useCan } from '../../access/route-access';
import { errorMessage } from '../../api/client';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateRoutes, useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import ChangeLogPanel from '../../components/ChangeLogPanel';
import { formatDate, formatDateTime, formatDay } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { PaymentStatusCell } from '../../components/orders/order-cells';
import { formatUnits } from '../../format/counts';
import PurchaseOrderPdfControl from './pdf/PurchaseOrderPdfControl';
import SavedPurchaseOrderPdfs from './pdf/SavedPurchaseOrderPdfs';
import { PurchaseStatusCell } from './purchase-cells';
import { usePurchaseOrderDialogs } from './purchase-order-dialogs';
import PurchaseOrderLinesTable from './PurchaseOrderLinesTable';
import { receivableLines, useReceive } from './receive';
import './purchases.css';

const BRANDS_STALE_MS = 5 * 60_000;

export const PURCHASE_ORDER_TEXT = {
  title: 'Purchase order',
  loading: 'Loading purchase order',
  notFound: 'Purchase order not found.',
  loadFailed: 'Error loading the purchase order.',
  noNotes: 'No notes',
  edit: 'Edit',
  receiveAll: 'Receive all',
  receiveSelected: 'Receive selected',
} as const;

function Dated({ children, changedOn }: { children: ReactNode; changedOn: string }) {
  return (
    <SpaceBetween size="xxxs">
      {children}
      <Box color="text-body-secondary" fontSize="body-s">
        Last changed {formatDate(changedOn)}
      </Box>
    </SpaceBetween>
  );
}

function PurchaseOrderDetails({ order, brandName }: { order: PurchaseOrder; brandName: string }) {
  return (
    <Container>
      <SpaceBetween size="l">
        <KeyValuePairs
          columns={4}
          items={[
            { label: 'Brand', value: brandName },
            { label: 'PO #', value: order.purchaseOrderNum },
            { label: 'Placed on', value: formatDateTime(order.orderPlacedOn) },
            { label: 'Expected delivery', value: formatDay(order.expectedDeliveryOn) },
            {
              label: 'Order status',
              value: (
                <Dated changedOn={order.statusModifiedOn}>
                  <PurchaseStatusCell status={order.orderStatus} />
                </Dated>
              ),
            },
            {
              label: 'Payment status',
              value: (
                <Dated changedOn={order.paymentModifiedOn}>
                  <PaymentStatusCell status={order.paymentStatus} />
                </Dated>
              ),
            },
            { label: 'Units', value: formatUnits(order.unitQuantity) },
            order.total !== undefined
              ? { label: 'Total', value: <Box fontWeight="bold">{formatMoney(order.total)}</Box> }
              : { label: 'Received', value: order.receivedOn ? formatDateTime(order.receivedOn) : '-' },
            ...(order.total !== undefined && order.receivedOn
              ? [{ label: 'Received', value: formatDateTime(order.receivedOn) }]
              : []),
          ]}
        />
        <KeyValuePairs
          items={[
            {
              label: 'Notes',
              value: order.notes?.trim() ? (
                <div className="bo-po-notes">{order.notes}</div>
              ) : (
                <Box color="text-status-inactive">{PURCHASE_ORDER_TEXT.noNotes}</Box>
              ),
            },
          ]}
        />
      </SpaceBetween>
    </Container>
  );
}

/**
 * `/purchases/{purchaseOrderNum}` (spec section 2): one purchase order, loaded by its number. Writers edit it in
 * the EditPurchaseOrder dialog; receivers receive every line still to arrive, or the lines picked (a partial
 * delivery). The PDF opens, downloads or saves to the server.
 */
export default function PurchaseOrderPage() {
  const { purchaseOrderNum = '' } = useParams();
  const { roles } = useSession();
  const can = useCan();
  const dialogs = usePurchaseOrderDialogs();
  const queryClient = useQueryClient();
  const query = useApiQuery('purchases.getById', { params: { id: purchaseOrderNum } }, { select: (r) => r.res });
  const brands = useApiQuery('brands.getAll', {}, { staleTime: BRANDS_STALE_MS, select: (r) => r.res });
  const [selected, setSelected] = useState<string[]>([]);
  const receive = useReceive(() => setSelected([]));
  const order = query.data;

  if (!order)
    return (
      <ContentLayout header={<Header variant="h1">{PURCHASE_ORDER_TEXT.title}</Header>}>
        {query.isError ? (
          <Alert type="error" statusIconAriaLabel="Error">
            {query.error.status === 404
              ? PURCHASE_ORDER_TEXT.notFound
              : errorMessage(query.error, PURCHASE_ORDER_TEXT.loadFailed)}
          </Alert>
        ) : (
          <StatusIndicator type="loading">{PURCHASE_ORDER_TEXT.loading}</StatusIndicator>
        )}
      </ContentLayout>
    );

  const brandName = order.brand ?? brands.data?.find((b) => b.id === order.brandID)?.name ?? order.brandID;
  const canReceive = can('purchases.receive');
  const toReceive = receivableLines(order);
  const picked = selected.filter((sku) => toReceive.some((l) => l.productSku === sku));

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={`${brandName} · placed ${formatDate(order.orderPlacedOn)}`}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <PurchaseOrderPdfControl
                order={{ ...order, brand: brandName }}
                offerSave={mayAccessDocuments('purchaseOrders', roles, 'write')}
                onSaved={() => void invalidateRoutes(queryClient, ['storage.list'])}
              />
              {can('purchases.update') && (
                <Button onClick={() => dialogs.editPurchaseOrder(order.id)}>{PURCHASE_ORDER_TEXT.edit}</Button>
              )}
              {canReceive && (
                <Button
                  variant="primary"
                  disabled={toReceive.length === 0}
                  disabledReason={receive.disabledReason(order)}
                  loading={receive.isPending}
                  onClick={() => receive.confirm(order)}
                >
                  {PURCHASE_ORDER_TEXT.receiveAll}
                </Button>
              )}
            </SpaceBetween>
          }
        >
          {`${PURCHASE_ORDER_TEXT.title} ${order.purchaseOrderNum}`}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <PurchaseOrderDetails order={order} brandName={brandName} />
        <PurchaseOrderLinesTable
          // Remounts after a receive or an edit, so the groups and the selection start from the saved lines.
          key={order.modifiedOn}
          order={order}
          selectable={canReceive && toReceive.length > 0}
          selectedSkus={picked}
          onSelectionChange={setSelected}
          actions={
            canReceive &&
            toReceive.length > 0 && (
              <Button
                disabled={picked.length === 0}
                disabledReason="Pick the lines that arrived"
                loading={receive.isPending}
                onClick={() => receive.confirm(order, picked)}
              >
                {picked.length > 0
                  ? `${PURCHASE_ORDER_TEXT.receiveSelected} (${picked.length})`
                  : PURCHASE_ORDER_TEXT.receiveSelected}
              </Button>
            )
          }
        />
        {mayAccessDocuments('purchaseOrders', roles, 'read') && (
          <SavedPurchaseOrderPdfs purchaseOrderNum={order.purchaseOrderNum} />
        )}
        {can('changelog.getAll') && <ChangeLogPanel entityType="purchaseOrder" entityId={order.id} />}
      </SpaceBetween>
    </ContentLayout>
  );
}
