import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Link from '@cloudscape-design/components/link';
import Pagination from '@cloudscape-design/components/pagination';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import Tabs from '@cloudscape-design/components/tabs';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import { cachedCells } from '../../components/cached-cell';
import ExportButton from '../../components/ExportButton';
import ImportButton from '../../components/ImportButton';
import ListPageHeader from '../../components/ListPageHeader';
import ProductImage from '../../components/ProductImage';
import { TableEmptyState, TableNoMatchState } from '../../components/table-states';
import { useLocalStorage } from '../../components/use-local-storage';
import WebLink from '../../components/WebLink';
import { useModals } from '../../modals/context';
import { useNotifications } from '../../notifications/notifications';
import { canWriteCatalog } from './brand-form';
import {
  BRAND_COLUMNS,
  BRANDS_TEXT,
  contentDisplayOptions,
  DEFAULT_PREFERENCES,
  filterBrand,
  isTab,
  PAGE_SIZE_OPTIONS,
  PREFERENCES_STORAGE_KEY,
  type BrandColumnId,
  type BrandRow,
  type TabId,
} from './brands-config';
import { ExtractTypesTable, ProductTypesTable } from './TypesTables';
import './brands.css';
import TablePreferences, { tablePreferenceProps } from '../../components/TablePreferences';
import { useProgressiveItems } from '../../components/use-progressive-items';

const EMPTY: BrandRow[] = [];
const matchesText = (count: number) => `${count} ${count === 1 ? 'match' : 'matches'}`;

/** The brand's rep: name and phone, then email (each line cut with an ellipsis, never widening the column). */
function RepContact({ brand }: { brand: BrandRow }) {
  const { brandRepName: name, brandRepEmail: email, brandRepPhone: phone } = brand;
  if (!name && !email && !phone) return <>-</>;
  return (
    <div className="bo-brand-rep">
      {(name || phone) && (
        <div>
          {name}
          {name && phone && ' · '}
          {phone && (
            <Box variant="span" color="text-body-secondary">
              {phone}
            </Box>
          )}
        </div>
      )}
      {email && (
        <div>
          <Link external={false} href={`mailto:${email}`}>
            {email}
          </Link>
        </div>
      )}
    </div>
  );
}

function BrandsTable({ writer }: { writer: boolean }) {
  const { openModal } = useModals();
  const notify = useNotifications();
  const [preferences, setPreferences] = useLocalStorage(PREFERENCES_STORAGE_KEY, DEFAULT_PREFERENCES);
  const query = useApiQuery('brands.getBrandsWithProductCount', {});
  const remove = useApiMutation('brands.remove', {
    invalidates: ['brands.getAll', 'brands.getBrandsWithProductCount'],
  });
  const brands = query.data ?? EMPTY;
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const { items, allPageItems, actions, filteredItemsCount, collectionProps, filterProps, paginationProps } =
    useCollection(brands, {
      filtering: { filteringFunction: filterBrand },
      pagination: { pageSize: preferences.pageSize },
      sorting: { defaultState: { sortingColumn: { sortingField: 'name' } } },
    });
  const shownItems = useProgressiveItems(items);
  const selected = brands.find((b) => b.id === selectedId);

  const addBrand = () => openModal('AddBrand', {});
  const confirmDelete = (brand: BrandRow) =>
    openModal('Confirmation', {
      title: 'Delete brand',
      message: (
        <>
          Delete the brand <b>{brand.name}</b>?
          {brand.count > 0 ? ` It still has ${brand.count} ${brand.count === 1 ? 'product' : 'products'}.` : ''}
        </>
      ),
      confirmLabel: 'Delete',
      variant: 'danger',
      onConfirm: async () => {
        // A failure (e.g. 409 while the brand has products) stays in the dialog with the server's message.
        await remove.mutateAsync({ params: { id: brand.id } });
        setSelectedId(null);
        notify.success(`Brand ${brand.name} deleted`);
      },
    });

  const empty =
    filterProps.filteringText && brands.length > 0 ? (
      <TableNoMatchState onClearFilter={() => actions.setFiltering('')} />
    ) : query.isError ? (
      <TableEmptyState
        title={BRANDS_TEXT.error}
        subtitle={query.error.message}
        action={<Button onClick={() => void query.refetch()}>Retry</Button>}
      />
    ) : (
      <TableEmptyState
        title={BRANDS_TEXT.empty}
        subtitle={BRANDS_TEXT.emptyDescription}
        action={writer ? <Button onClick={addBrand}>Add brand</Button> : undefined}
      />
    );

  // Drawn once per brand while these stay the same (cachedCells).
  const cells = useMemo(
    () =>
      cachedCells<BrandRow, BrandColumnId>({
        image: (row) => <ProductImage src={row.image} alt={`Image of ${row.name}`} size={36} />,
        name: (row) =>
          writer ? (
            <Link onFollow={() => openModal('EditBrands', { brandId: row.id })} ariaLabel={`Edit ${row.name}`}>
              {row.name}
            </Link>
          ) : (
            row.name
          ),
        skucode: (row) => row.skucode || '-',
        rep: (row) => <RepContact brand={row} />,
        website: (row) => (row.website ? <WebLink value={row.website} /> : '-'),
        count: (row) => row.count,
        excludeFromReporting: (row) => (row.excludeFromReporting ? 'Excluded' : 'Included'),
        inOverview: (row) =>
          row.hideInInventoryOverview ? (
            <StatusIndicator type="stopped">Hidden</StatusIndicator>
          ) : (
            <StatusIndicator type="success">Shown</StatusIndicator>
          ),
      }),
    [writer, openModal],
  );
  const columnDefinitions: TableProps.ColumnDefinition<BrandRow>[] = BRAND_COLUMNS.map((c) => ({
    id: c.id,
    header: c.header,
    cell: cells[c.id],
    sortingField: c.sortingField,
    isRowHeader: c.id === 'name',
    width: c.width,
    minWidth: c.minWidth,
  }));

  const needSelection = !selected;
  return (
    <Table<BrandRow>
      {...collectionProps}
      items={shownItems}
      empty={empty}
      columnDefinitions={columnDefinitions}
      {...tablePreferenceProps(preferences)}
      trackBy="id"
      variant="container"
      stickyHeader
      resizableColumns
      enableKeyboardNavigation
      selectionType={writer ? 'single' : undefined}
      selectedItems={selected ? [selected] : []}
      onSelectionChange={({ detail }) => setSelectedId(detail.selectedItems[0]?.id ?? null)}
      ariaLabels={{
        tableLabel: 'Brands',
        selectionGroupLabel: 'Brand selection',
        itemSelectionLabel: (_s, item) => item.name,
      }}
      loading={query.isPending}
      loadingText={BRANDS_TEXT.loading}
      header={
        <ListPageHeader
          title="Brands"
          variant="h2"
          counter={query.data ? brands.length : undefined}
          description="Brands with their rep contacts, product counts, stock limits and catalogue visibility."
          refresh={{ noun: 'brands', loading: query.isRefetching, onRefresh: () => void query.refetch() }}
          actions={
            <>
              <ExportButton kind="brands" records={allPageItems} noun="brand" loading={query.isPending} />
              <ImportButton kinds={['brands']} />
              {writer && (
                <>
                  <ButtonDropdown
                    disabled={needSelection}
                    onItemClick={({ detail }) => {
                      if (!selected) return;
                      if (detail.id === 'limits')
                        openModal('EditBrandStockLimits', { brandId: selected.id, name: selected.name });
                      if (detail.id === 'catalog')
                        openModal('ManageBrandCatalog', { brandId: selected.id, name: selected.name });
                      if (detail.id === 'delete') confirmDelete(selected);
                    }}
                    items={[
                      { id: 'limits', text: 'Stock limits' },
                      { id: 'catalog', text: 'Manage catalogue' },
                      { id: 'delete', text: 'Delete' },
                    ]}
                  >
                    Actions
                  </ButtonDropdown>
                  <Button onClick={() => openModal('EditBrands', { brandId: selected?.id })}>Edit brands</Button>
                  <Button variant="primary" onClick={addBrand}>
                    Add brand
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
          filteringPlaceholder={BRANDS_TEXT.filterPlaceholder}
          filteringAriaLabel="Filter brands"
          countText={filterProps.filteringText ? matchesText(filteredItemsCount ?? 0) : undefined}
        />
      }
      pagination={<Pagination {...paginationProps} />}
      preferences={
        <TablePreferences
          preferences={preferences}
          defaults={DEFAULT_PREFERENCES}
          onChange={setPreferences}
          pageSizeOptions={PAGE_SIZE_OPTIONS}
          contentDisplayOptions={contentDisplayOptions}
        />
      }
    />
  );
}

/** `/brands`: brands (with their dialogs), product types and extract types; everyone reads, catalogue writers edit. */
export default function BrandsPage() {
  const session = useSession();
  const writer = canWriteCatalog(session.roles);
  const [params, setParams] = useSearchParams();
  const tab: TabId = isTab(params.get('tab')) ? (params.get('tab') as TabId) : 'brands';

  return (
    <ContentLayout
      header={
        <ListPageHeader
          title="Brands"
          variant="h1"
          description="Brands, product types and extract types of the catalogue."
        />
      }
    >
      <Tabs
        activeTabId={tab}
        onChange={({ detail }) =>
          setParams(detail.activeTabId === 'brands' ? {} : { tab: detail.activeTabId }, { replace: true })
        }
        ariaLabel="Brands and types"
        tabs={[
          { id: 'brands', label: 'Brands', content: <BrandsTable writer={writer} /> },
          { id: 'types', label: 'Product types', content: <ProductTypesTable writer={writer} /> },
          { id: 'extract-types', label: 'Extract types', content: <ExtractTypesTable writer={writer} /> },
        ]}
      />
    </ContentLayout>
  );
}
