import type { ReactNode } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Pagination from '@cloudscape-design/components/pagination';
import Table, { type TableProps } from '@cloudscape-design/components/table';

/** Orders a page at a time: a user may have thousands of eligible orders, and drawing them all takes seconds. */
export const COMMISSION_PAGE_SIZE = 50;

export default function PagedOrdersTable<T extends { orderId: string }>({
  items,
  columnDefinitions,
  empty,
  ariaLabel,
  stickyLast = 0,
}: {
  items: readonly T[];
  columnDefinitions: TableProps.ColumnDefinition<T>[];
  empty: ReactNode;
  ariaLabel: string;
  /** Columns kept in view at the right while a wide table scrolls (the figures that matter most). */
  stickyLast?: number;
}) {
  const { items: page, paginationProps } = useCollection([...items], {
    pagination: { pageSize: COMMISSION_PAGE_SIZE },
  });
  return (
    <Table
      variant="embedded"
      wrapLines
      ariaLabels={{ tableLabel: ariaLabel }}
      items={page}
      trackBy="orderId"
      columnDefinitions={columnDefinitions}
      stickyColumns={{ first: 0, last: stickyLast }}
      empty={empty}
      pagination={items.length > COMMISSION_PAGE_SIZE ? <Pagination {...paginationProps} /> : undefined}
    />
  );
}
