import Link from '@cloudscape-design/components/link';
import Popover from '@cloudscape-design/components/popover';
import Table from '@cloudscape-design/components/table';
import type { OnOrder } from '@bo/shared';
import { formatUnits } from '../format/counts';
import { purchaseOrderHref } from '../access/pages';

type OnOrderLine = OnOrder['purchaseOrders'][number];

/**
 * The units of a product on open purchase orders (PENDING, ORDERED; lines not yet received), with the orders
 * holding them; a number opens its purchase order in a new tab. The figures come with the products table's
 * one `purchases.getOnOrder` call, so opening the popover fetches nothing.
 */
export default function OnOrderPopover({ sku, onOrder }: { sku: string; onOrder: OnOrder }) {
  return (
    <Popover
      header="On order"
      size="medium"
      position="top"
      triggerType="text"
      triggerAriaLabel={`Purchase orders of ${sku}`}
      dismissAriaLabel="Close"
      renderWithPortal
      content={
        <Table<OnOrderLine>
          variant="embedded"
          contentDensity="compact"
          items={onOrder.purchaseOrders}
          trackBy="id"
          ariaLabels={{ tableLabel: `Open purchase orders of ${sku}` }}
          columnDefinitions={[
            {
              id: 'purchaseOrderNum',
              header: 'PO #',
              isRowHeader: true,
              cell: (row) => (
                <Link
                  href={purchaseOrderHref(row.purchaseOrderNum)}
                  target="_blank"
                  rel="noopener noreferrer"
                  external
                  externalIconAriaLabel="(opens in a new tab)"
                >
                  {row.purchaseOrderNum}
                </Link>
              ),
            },
            { id: 'quantity', header: 'Qty', cell: (row) => formatUnits(row.quantity) },
          ]}
        />
      }
    >
      {formatUnits(onOrder.units)}
    </Popover>
  );
}
