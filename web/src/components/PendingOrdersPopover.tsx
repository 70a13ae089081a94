import type { ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import type { PendingOutbound } from '@bo/shared';
import { useApiQuery } from '../api/hooks';
import { formatUnits } from '../format/counts';
import { orderHref } from '../access/pages';

export interface PendingOrdersPopoverProps {
  sku: string;
  /** The trigger: the pending figure. */
  children: ReactNode;
}

export const PENDING_ORDERS_TEXT = {
  header: 'Pending orders',
  loading: 'Loading...',
  empty: 'No pending orders',
  error: 'Error loading pending orders',
} as const;

/** The popover's body: mounted only while the popover is open, so nothing is fetched until it is opened. */
function PendingOrdersList({ sku }: { sku: string }) {
  const query = useApiQuery('orders.getPendingOutboundStock', { params: { sku } });
  if (query.isPending) return <StatusIndicator type="loading">{PENDING_ORDERS_TEXT.loading}</StatusIndicator>;
  if (query.isError)
    return (
      <SpaceBetween size="xs">
        <StatusIndicator type="error">{PENDING_ORDERS_TEXT.error}</StatusIndicator>
        <Button variant="inline-link" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </SpaceBetween>
    );
  if (query.data.length === 0) return <Box color="text-status-inactive">{PENDING_ORDERS_TEXT.empty}</Box>;
  return (
    <Table<PendingOutbound>
      variant="embedded"
      contentDensity="compact"
      items={query.data}
      trackBy="orderID"
      ariaLabels={{ tableLabel: `Pending orders of ${sku}` }}
      columnDefinitions={[
        {
          id: 'orderNum',
          header: 'Order #',
          isRowHeader: true,
          // Roles that do not read sales orders get the number without a link (nor the customer).
          cell: (row) =>
            row.customerName === undefined ? (
              row.orderNum
            ) : (
              <Link
                href={orderHref(row.orderNum)}
                target="_blank"
                rel="noopener noreferrer"
                external
                externalIconAriaLabel="(opens in a new tab)"
              >
                {row.orderNum}
              </Link>
            ),
        },
        // Customer names come only to the roles that read sales orders (`pendingOutboundFor`).
        ...(query.data.some((row) => row.customerName !== undefined)
          ? [{ id: 'customerName', header: 'Customer', cell: (row: PendingOutbound) => row.customerName }]
          : []),
        { id: 'quantity', header: 'Qty', cell: (row) => formatUnits(row.quantity) },
      ]}
    />
  );
}

/**
 * The Pending Orders popover of a SKU (spec section 2, "Panels and bars"): the open orders holding it, with
 * order number (opens the order in a new tab), customer name and quantity. The trigger is a light inline
 * text button, cheap enough for every row of a large table; nothing is fetched until it is clicked.
 */
export default function PendingOrdersPopover({ sku, children }: PendingOrdersPopoverProps) {
  return (
    <Popover
      header={PENDING_ORDERS_TEXT.header}
      size="large"
      position="top"
      triggerType="text"
      triggerAriaLabel={`Pending orders of ${sku}`}
      dismissAriaLabel="Close"
      renderWithPortal
      content={<PendingOrdersList sku={sku} />}
    >
      {children}
    </Popover>
  );
}
