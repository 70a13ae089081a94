import { useState } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import Pagination from '@cloudscape-design/components/pagination';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useApiQuery } from '../../api/hooks';
import ExportButton from '../../components/ExportButton';
import ImportButton from '../../components/ImportButton';
import ListPageHeader from '../../components/ListPageHeader';
import ProductImage from '../../components/ProductImage';
import { TableEmptyState, TableNoMatchState } from '../../components/table-states';
import { useModals } from '../../modals/context';
import { matchesText } from '../../format/counts';

const PAGE_SIZE = 25;
const byName = (text: string) => (item: { name: string }) =>
  item.name.toLowerCase().includes(text.trim().toLowerCase());

/** Product types with their product counts; writers add and edit them. */
export function ProductTypesTable({ writer }: { writer: boolean }) {
  const { openModal } = useModals();
  const query = useApiQuery('products.getProductTypesWithProductCount', {});
  const types = query.data ?? [];
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = types.find((t) => t.id === selectedId);
  const { items, allPageItems, actions, filteredItemsCount, collectionProps, filterProps, paginationProps } =
    useCollection(types, {
      filtering: { filteringFunction: (item, text) => byName(text)(item) },
      pagination: { pageSize: PAGE_SIZE },
      sorting: { defaultState: { sortingColumn: { sortingField: 'name' } } },
    });
  const add = () => openModal('AddProductType', {});

  return (
    <Table
      {...collectionProps}
      items={items}
      trackBy="id"
      variant="container"
      loading={query.isPending}
      loadingText="Loading product types"
      selectionType={writer ? 'single' : undefined}
      selectedItems={selected ? [selected] : []}
      onSelectionChange={({ detail }) => setSelectedId(detail.selectedItems[0]?.id ?? null)}
      ariaLabels={{
        tableLabel: 'Product types',
        selectionGroupLabel: 'Product type selection',
        itemSelectionLabel: (_s, item) => item.name,
      }}
      empty={
        filterProps.filteringText && types.length > 0 ? (
          <TableNoMatchState onClearFilter={() => actions.setFiltering('')} />
        ) : query.isError ? (
          <TableEmptyState
            title="Error loading product types"
            subtitle={query.error.message}
            action={<Button onClick={() => void query.refetch()}>Retry</Button>}
          />
        ) : (
          <TableEmptyState
            title="No product types"
            action={writer ? <Button onClick={add}>Add type</Button> : undefined}
          />
        )
      }
      columnDefinitions={[
        {
          id: 'image',
          header: 'Image',
          cell: (t) => <ProductImage src={t.image} alt={`Image of ${t.name}`} size={36} />,
        },
        {
          id: 'name',
          header: 'Name',
          sortingField: 'name',
          isRowHeader: true,
          cell: (t) =>
            writer ? (
              <Link onFollow={() => openModal('EditProductType', { typeId: t.id })} ariaLabel={`Edit ${t.name}`}>
                {t.name}
              </Link>
            ) : (
              t.name
            ),
        },
        { id: 'count', header: 'Products', sortingField: 'count', cell: (t) => t.count },
      ]}
      header={
        <ListPageHeader
          title="Product types"
          variant="h2"
          counter={query.data ? types.length : undefined}
          actions={
            <>
              <ExportButton kind="productTypes" records={allPageItems} noun="product type" loading={query.isPending} />
              <ImportButton kinds={['productTypes']} />
              {writer && (
                <>
                  <Button
                    disabled={!selected}
                    onClick={() => selected && openModal('EditProductType', { typeId: selected.id })}
                  >
                    Edit type
                  </Button>
                  <Button variant="primary" onClick={add}>
                    Add type
                  </Button>
                </>
              )}
            </>
          }
        />
      }
      filter={
        <TextFilter
          {...filterProps}
          filteringPlaceholder="Find product types"
          filteringAriaLabel="Filter product types"
          countText={filterProps.filteringText ? matchesText(filteredItemsCount ?? 0) : undefined}
        />
      }
      pagination={<Pagination {...paginationProps} />}
    />
  );
}

/** Extract types; writers add them. */
export function ExtractTypesTable({ writer }: { writer: boolean }) {
  const { openModal } = useModals();
  const query = useApiQuery('products.getExtractTypes', {});
  const types = query.data ?? [];
  const { items, actions, filteredItemsCount, collectionProps, filterProps, paginationProps } = useCollection(types, {
    filtering: { filteringFunction: (item, text) => byName(text)(item) },
    pagination: { pageSize: PAGE_SIZE },
    sorting: { defaultState: { sortingColumn: { sortingField: 'name' } } },
  });
  const add = () => openModal('AddExtractType', {});
  return (
    <Table
      {...collectionProps}
      items={items}
      trackBy="id"
      variant="container"
      loading={query.isPending}
      loadingText="Loading extract types"
      ariaLabels={{ tableLabel: 'Extract types' }}
      empty={
        filterProps.filteringText && types.length > 0 ? (
          <TableNoMatchState onClearFilter={() => actions.setFiltering('')} />
        ) : query.isError ? (
          <TableEmptyState
            title="Error loading extract types"
            subtitle={query.error.message}
            action={<Button onClick={() => void query.refetch()}>Retry</Button>}
          />
        ) : (
          <TableEmptyState
            title="No extract types"
            action={writer ? <Button onClick={add}>Add extract type</Button> : undefined}
          />
        )
      }
      columnDefinitions={[{ id: 'name', header: 'Name', sortingField: 'name', isRowHeader: true, cell: (t) => t.name }]}
      header={
        <ListPageHeader
          title="Extract types"
          variant="h2"
          counter={query.data ? types.length : undefined}
          actions={
            writer && (
              <Button variant="primary" onClick={add}>
                Add extract type
              </Button>
            )
          }
        />
      }
      filter={
        <TextFilter
          {...filterProps}
          filteringPlaceholder="Find extract types"
          filteringAriaLabel="Filter extract types"
          countText={filterProps.filteringText ? matchesText(filteredItemsCount ?? 0) : undefined}
        />
      }
      pagination={<Pagination {...paginationProps} />}
    />
  );
}
