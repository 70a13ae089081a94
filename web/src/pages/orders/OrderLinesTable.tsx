import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { Order, OrderItem } from '@bo/shared';
import { formatMoney } from '../../format/money';
import { formatUnits } from '../../format/counts';
import { ORDER_VIEW_TEXT } from './order-view';

const describe = (item: OrderItem) =>
  [item.productBrand, item.productType, item.productWeight ? `${item.productWeight} g` : '']
    .filter(Boolean)
    .join(' · ');

/** The order's lines as they were saved, with the totals under them (no steppers: nothing here edits). */
export default function OrderLinesTable({ order }: { order: Order }) {
  const lines = order.orderedItems.filter((item) => item.quantity > 0);
  return (
    <SpaceBetween size="s">
      <Table<OrderItem>
        variant="embedded"
        items={lines}
        trackBy="id"
        wrapLines
        header={
          <Header variant="h2" counter={`(${lines.length})`}>
            Products
          </Header>
        }
        ariaLabels={{ tableLabel: `Products of order ${order.orderNum}` }}
        empty={<Box textAlign="center">{ORDER_VIEW_TEXT.noLines}</Box>}
        columnDefinitions={[
          {
            id: 'product',
            header: 'Product',
            isRowHeader: true,
            cell: (item) => (
              <SpaceBetween size="xxxs">
                <span>{item.productName}</span>
                <Box color="text-body-secondary" fontSize="body-s">
                  {describe(item)}
                </Box>
              </SpaceBetween>
            ),
          },
          { id: 'sku', header: 'SKU', cell: (item) => item.productSku },
          { id: 'batch', header: 'Batch', cell: (item) => item.productBatchNumber ?? '-' },
          { id: 'quantity', header: 'Quantity', cell: (item) => formatUnits(item.quantity) },
          { id: 'price', header: 'Unit price', cell: (item) => formatMoney(item.unitPrice) },
          { id: 'subtotal', header: 'Subtotal', cell: (item) => formatMoney(item.subtotal) },
        ]}
      />
      <KeyValuePairs
        columns={4}
        items={[
          { label: 'Units', value: formatUnits(order.unitQuantity) },
          { label: 'Subtotal', value: formatMoney(order.subtotal) },
          {
            label: 'Discount',
            value:
              order.dollarAdjustment > 0 ? `${formatMoney(order.dollarAdjustment)} ${order.discountNotes ?? ''}` : '-',
          },
          { label: 'Total', value: <Box fontWeight="bold">{formatMoney(order.total)}</Box> },
        ]}
      />
    </SpaceBetween>
  );
}
