/**
 * The floor of issue 22: a bare Cloudscape list page of the app's shape (AppLayout, SideNavigation, breadcrumbs,
 * a Table with PropertyFilter, Pagination and preferences, 120 items × 10 columns, 25 a page as the app's
 * tables), with no data fetching, no auth and nothing of ours. `lighthouse.ts` builds it with the app's React,
 * Cloudscape and Vite and audits it in the same run as the app's pages, so each page's figures read beside
 * what the framework alone costs on that machine at that moment.
 */
import '@cloudscape-design/global-styles/index.css';
import { useCollection } from '@cloudscape-design/collection-hooks';
import AppLayout from '@cloudscape-design/components/app-layout';
import BreadcrumbGroup from '@cloudscape-design/components/breadcrumb-group';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import PropertyFilter from '@cloudscape-design/components/property-filter';
import SideNavigation from '@cloudscape-design/components/side-navigation';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

interface Item {
  id: string;
  name: string;
  brand: string;
  type: string;
  status: string;
  price: number;
  cost: number;
  stock: number;
  weight: number;
  updated: string;
}

const ITEMS: Item[] = Array.from({ length: 120 }, (_, i) => ({
  id: `SKU-${String(i + 1).padStart(4, '0')}`,
  name: `Product ${i + 1}`,
  brand: `Brand ${(i % 12) + 1}`,
  type: ['Flower', 'Edible', 'Vape', 'Drink'][i % 4]!,
  status: i % 7 === 0 ? 'Inactive' : 'Active',
  price: 1000 + ((i * 37) % 5000),
  cost: 500 + ((i * 23) % 3000),
  stock: (i * 13) % 400,
  weight: (i % 9) + 1,
  updated: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
}));

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const COLUMNS: TableProps.ColumnDefinition<Item>[] = [
  { id: 'id', header: 'SKU', cell: (i) => i.id, sortingField: 'id', isRowHeader: true },
  { id: 'name', header: 'Name', cell: (i) => i.name, sortingField: 'name' },
  { id: 'brand', header: 'Brand', cell: (i) => i.brand, sortingField: 'brand' },
  { id: 'type', header: 'Type', cell: (i) => i.type, sortingField: 'type' },
  { id: 'status', header: 'Status', cell: (i) => i.status, sortingField: 'status' },
  { id: 'price', header: 'Price', cell: (i) => money(i.price), sortingField: 'price' },
  { id: 'cost', header: 'Cost', cell: (i) => money(i.cost), sortingField: 'cost' },
  { id: 'stock', header: 'Stock', cell: (i) => i.stock, sortingField: 'stock' },
  { id: 'weight', header: 'Weight', cell: (i) => `${i.weight} lb`, sortingField: 'weight' },
  { id: 'updated', header: 'Updated', cell: (i) => i.updated, sortingField: 'updated' },
];
const PROPERTIES = COLUMNS.map((c) => ({
  key: c.id!,
  propertyLabel: String(c.header),
  groupValuesLabel: `${String(c.header)} values`,
  operators: ['=', '!=', ':', '!:'] as const,
}));

function FloorPage() {
  const { items, collectionProps, propertyFilterProps, paginationProps, filteredItemsCount } = useCollection(ITEMS, {
    propertyFiltering: { filteringProperties: PROPERTIES.map((p) => ({ ...p, operators: [...p.operators] })) },
    pagination: { pageSize: 25 },
    sorting: {},
  });
  return (
    <AppLayout
      navigation={
        <SideNavigation
          header={{ href: '/', text: 'Back office' }}
          items={['Products', 'Brands', 'Inventory', 'Customers', 'Orders', 'Purchase orders', 'Payments'].map(
            (text) => ({ type: 'link', text, href: `#${text}` }),
          )}
        />
      }
      breadcrumbs={
        <BreadcrumbGroup
          items={[
            { text: 'Back office', href: '#' },
            { text: 'Products', href: '#products' },
          ]}
        />
      }
      toolsHide
      content={
        <Table
          {...collectionProps}
          variant="full-page"
          header={
            <Header variant="awsui-h1-sticky" counter={`(${ITEMS.length})`}>
              Products
            </Header>
          }
          columnDefinitions={COLUMNS}
          items={items}
          filter={
            <PropertyFilter
              {...propertyFilterProps}
              countText={`${filteredItemsCount ?? 0} matches`}
              filteringPlaceholder="Find products"
            />
          }
          pagination={<Pagination {...paginationProps} />}
          preferences={
            <CollectionPreferences
              title="Preferences"
              confirmLabel="Confirm"
              cancelLabel="Cancel"
              preferences={{ pageSize: 25 }}
              pageSizePreference={{ title: 'Page size', options: [{ value: 25, label: '25 products' }] }}
            />
          }
        />
      }
    />
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FloorPage />
  </StrictMode>,
);
