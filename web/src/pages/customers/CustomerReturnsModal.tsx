import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import Pagination from '@cloudscape-design/components/pagination';
import type { Return } from '@bo/shared';
import { useApiQuery } from '../../api/hooks';
import ReturnsTable from '../../components/returns/ReturnsTable';
import { useReturnDialogs, type CustomerReturnsModalProps } from '../../components/returns/return-dialogs';

export const CUSTOMER_RETURNS_TEXT = {
  title: (customerName: string) => `Returns of ${customerName}`,
  tableLabel: (customerName: string) => `Returns of ${customerName}`,
  close: 'Close',
} as const;

const PAGE_SIZE = 20;
const EMPTY: Return[] = [];
const COLUMNS = [
  'creditNoteNum',
  'createdAt',
  'orderNum',
  'units',
  'lines',
  'amount',
  'settlement',
  'restock',
  'actions',
] as const;

/**
 * Registry `CustomerReturns` (issue 23, section 3, beyond the issue: the customer's screen): every return of a
 * customer (`returns.getByCustomer`, newest first) with its order, products, money (not for INVENTORY) and
 * restock state, each with its credit note PDF.
 */
export default function CustomerReturnsModal({
  customerId,
  customerName,
  onDismiss,
}: CustomerReturnsModalProps & { onDismiss: () => void }) {
  const dialogs = useReturnDialogs();
  const query = useApiQuery('returns.getByCustomer', { params: { customerId } });
  const { items, paginationProps } = useCollection(query.data ?? EMPTY, { pagination: { pageSize: PAGE_SIZE } });

  return (
    <Modal
      visible
      size="max"
      header={CUSTOMER_RETURNS_TEXT.title(customerName)}
      onDismiss={onDismiss}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onDismiss}>
            {CUSTOMER_RETURNS_TEXT.close}
          </Button>
        </Box>
      }
    >
      <ReturnsTable
        query={query}
        items={items}
        columns={COLUMNS}
        variant="container"
        ariaLabel={CUSTOMER_RETURNS_TEXT.tableLabel(customerName)}
        onConfirm={dialogs.canConfirm ? dialogs.confirmRestock : undefined}
        pagination={(query.data?.length ?? 0) > PAGE_SIZE ? <Pagination {...paginationProps} /> : undefined}
      />
    </Modal>
  );
}
