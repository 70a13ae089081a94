import { useMemo, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import Toggle from '@cloudscape-design/components/toggle';
import { useApiQuery } from '../../api/hooks';
import { useCan } from '../../access/route-access';
import LazyMount from '../../components/LazyMount';
import ListPageHeader from '../../components/ListPageHeader';
import ProductImage from '../../components/ProductImage';
import { useModals } from '../../modals/context';
import { LIMIT_LABELS, LIMIT_STATUS, type LimitRow } from '../../components/stock-limits';
import { formatUnits } from '../../format/counts';
import {
  brandCardHeight,
  buildOverview,
  filterOverview,
  OVERVIEW_PAGE_SIZE,
  type BrandOverview,
} from './inventory-config';

function StatusCount({ status, count }: { status: keyof typeof LIMIT_STATUS; count: number }) {
  return (
    <div>
      <Box variant="awsui-key-label">{LIMIT_STATUS[status].text}</Box>
      <StatusIndicator type={LIMIT_STATUS[status].type}>
        <Box variant="span" fontSize="heading-l" fontWeight="bold">
          {count}
        </Box>
      </StatusIndicator>
    </div>
  );
}

function BrandCard({ overview, writer }: { overview: BrandOverview; writer: boolean }) {
  const { openModal } = useModals();
  const { brand, rows, counts } = overview;
  const summary = [
    counts.over ? `${counts.over} over` : '',
    counts.at ? `${counts.at} at` : '',
    counts.under ? `${counts.under} under` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Table<LimitRow>
      variant="container"
      items={rows}
      trackBy="key"
      ariaLabels={{ tableLabel: `Stock against limits: ${brand.name}` }}
      empty={<Box textAlign="center">No products on the menus</Box>}
      header={
        <Header
          variant="h2"
          description={summary || 'No limits set'}
          actions={
            writer && (
              <Button
                onClick={() => openModal('EditBrandStockLimits', { brandId: brand.id, name: brand.name })}
                ariaLabel={`Edit stock limits of ${brand.name}`}
              >
                Edit limits
              </Button>
            )
          }
        >
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <ProductImage src={brand.image} alt="" size={28} />
            <span>{brand.name}</span>
          </SpaceBetween>
        </Header>
      }
      columnDefinitions={[
        {
          id: 'line',
          header: 'Line',
          isRowHeader: true,
          cell: (row) => (
            <div style={{ paddingLeft: row.level === 'weight' ? 24 : row.level === 'type' ? 12 : 0 }}>
              <Box variant="small" color="text-body-secondary">
                {LIMIT_LABELS[row.level]}
              </Box>
              <Box fontWeight={row.level === 'weight' ? 'normal' : 'bold'}>
                {row.level === 'brand' ? 'All products' : row.line.label}
              </Box>
            </div>
          ),
        },
        { id: 'products', header: 'Products', cell: (row) => row.line.products },
        { id: 'stock', header: 'Units in stock', cell: (row) => formatUnits(row.line.stock) },
        {
          id: 'limit',
          header: 'Limit',
          cell: (row) => (row.line.limit === null ? '-' : formatUnits(row.line.limit)),
        },
        {
          id: 'status',
          header: 'Status',
          cell: (row) => {
            const look = LIMIT_STATUS[row.line.status];
            const diff = row.line.limit === null ? 0 : row.line.stock - row.line.limit;
            return (
              <StatusIndicator type={look.type}>
                {look.text}
                {diff > 0 ? ` by ${formatUnits(diff)}` : diff < 0 ? ` (${formatUnits(-diff)} to go)` : ''}
              </StatusIndicator>
            );
          },
        },
      ]}
    />
  );
}

/** `/inventory`: every brand shown in the overview, its stock against brand, type and weight limits. */
export default function InventoryOverviewPage() {
  // Catalogue writers (the route table's brand writers) may edit a brand's limits from here.
  const writer = useCan()('brands.update');
  const brands = useApiQuery('brands.getAll', {});
  const products = useApiQuery('products.getAll', {});
  const [text, setText] = useState('');
  const [onlyOver, setOnlyOver] = useState(false);
  const [page, setPage] = useState(1);

  const overview = useMemo(
    () => (brands.data && products.data ? buildOverview(brands.data.res, products.data) : []),
    [brands.data, products.data],
  );
  const shown = useMemo(() => filterOverview(overview, { text, onlyOver }), [overview, text, onlyOver]);
  const pages = Math.max(1, Math.ceil(shown.length / OVERVIEW_PAGE_SIZE));
  const current = Math.min(page, pages);
  const pageItems = shown.slice((current - 1) * OVERVIEW_PAGE_SIZE, current * OVERVIEW_PAGE_SIZE);
  const totals = overview.reduce(
    (acc, o) => ({
      over: acc.over + o.counts.over,
      at: acc.at + o.counts.at,
      under: acc.under + o.counts.under,
      none: acc.none + o.counts.none,
    }),
    { over: 0, at: 0, under: 0, none: 0 },
  );
  const loading = brands.isPending || products.isPending;
  const failed = brands.isError || products.isError;

  return (
    <ContentLayout
      header={
        <ListPageHeader
          title="Inventory overview"
          variant="h1"
          description="Stock of each brand against its brand, type and weight limits: over is red, at is amber, under is green, no limit is grey."
          refresh={{
            noun: 'overview',
            loading: brands.isRefetching || products.isRefetching,
            onRefresh: () => {
              void brands.refetch();
              void products.refetch();
            },
          }}
        />
      }
    >
      <SpaceBetween size="l">
        {loading ? (
          <StatusIndicator type="loading">Loading...</StatusIndicator>
        ) : failed ? (
          <Alert
            type="error"
            statusIconAriaLabel="Error"
            action={
              <Button
                onClick={() => {
                  void brands.refetch();
                  void products.refetch();
                }}
              >
                Retry
              </Button>
            }
          >
            Error...
          </Alert>
        ) : (
          <>
            <Container header={<Header variant="h2">Limit lines</Header>}>
              <ColumnLayout columns={4} variant="text-grid">
                <StatusCount status="over" count={totals.over} />
                <StatusCount status="at" count={totals.at} />
                <StatusCount status="under" count={totals.under} />
                <StatusCount status="none" count={totals.none} />
              </ColumnLayout>
            </Container>
            <SpaceBetween direction="horizontal" size="l" alignItems="center">
              <TextFilter
                filteringText={text}
                onChange={({ detail }) => {
                  setText(detail.filteringText);
                  setPage(1);
                }}
                filteringPlaceholder="Find brands"
                filteringAriaLabel="Filter by brand name"
                countText={`${shown.length} ${shown.length === 1 ? 'brand' : 'brands'}`}
              />
              <Toggle
                checked={onlyOver}
                onChange={({ detail }) => {
                  setOnlyOver(detail.checked);
                  setPage(1);
                }}
              >
                Only over limit
              </Toggle>
              {pages > 1 && (
                <Pagination
                  currentPageIndex={current}
                  pagesCount={pages}
                  onChange={({ detail }) => setPage(detail.currentPageIndex)}
                />
              )}
            </SpaceBetween>
            {shown.length === 0 ? (
              <Box textAlign="center" color="text-body-secondary" padding="l">
                {overview.length === 0
                  ? 'No brands are shown in the overview.'
                  : onlyOver && !text
                    ? 'Nothing is over its limit.'
                    : 'No brands match the filter.'}
              </Box>
            ) : (
              pageItems.map((o) => (
                <LazyMount key={o.brand.id} estimatedHeight={brandCardHeight(o.rows.length)}>
                  <BrandCard overview={o} writer={writer} />
                </LazyMount>
              ))
            )}
          </>
        )}
      </SpaceBetween>
    </ContentLayout>
  );
}
