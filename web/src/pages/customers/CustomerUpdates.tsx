import { useMemo, useState } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Pagination from '@cloudscape-design/components/pagination';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { toCents, type PricingUpdate } from '@bo/shared';
import { formatDate, formatDateTime } from '../../format/dates';
import { usd } from './customers-config';

/** The refresh screens' texts (spec sections 2 and 9). */
export const REFRESH_TEXT = {
  title: 'Refresh Pricing',
  allTitle: 'Refresh Pricing: All Customers',
  noData: 'No pricing data available.',
  noUpdates: 'No pricing updates available.',
  updateAll: 'Update All',
  updateSelected: 'Update Selected',
  updateAllBrands: 'Update All Brands',
  updateAllCustomers: 'Update All Customers',
  loading: 'Loading...',
  loadError: 'Error loading pricing updates',
} as const;

/** The refresh button spins this long at least (spec section 9). */
export const REFRESH_SPIN_MS = 1000;
const PAGE_SIZE = 25;

export interface BrandUpdates {
  brandID: string;
  brandName: string;
  updates: PricingUpdate[];
}

/** Pending updates by brand (brands by name, products by name). */
export function groupUpdatesByBrand(list: readonly PricingUpdate[]): BrandUpdates[] {
  const groups = new Map<string, BrandUpdates>();
  for (const u of list) {
    const id = u.productData.brandID;
    const group = groups.get(id) ?? { brandID: id, brandName: u.productData.brand.name, updates: [] };
    group.updates.push(u);
    groups.set(id, group);
  }
  return [...groups.values()]
    .sort((a, b) => a.brandName.localeCompare(b.brandName, 'en-US'))
    .map((g) => ({
      ...g,
      updates: g.updates.sort((a, b) => a.productData.name.localeCompare(b.productData.name, 'en-US')),
    }));
}

export const skuText = (n: number): string => `${n} SKU to update`;

function change(u: PricingUpdate): string {
  const cents = toCents(u.newCustomPrice) - toCents(u.currentPrice);
  return `${cents >= 0 ? '+' : '−'}${usd(Math.abs(cents) / 100)}`;
}

function LastUpdated({ update }: { update: PricingUpdate }) {
  const history = [...update.priceHistory].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <Popover
      header={`Price history: ${update.productData.name}`}
      size="medium"
      triggerType="text"
      dismissButton
      renderWithPortal
      content={
        history.length === 0 ? (
          <Box color="text-body-secondary">No earlier prices.</Box>
        ) : (
          <table style={{ borderCollapse: 'collapse', width: '100%' }}>
            <thead>
              <tr>
                <th style={{ textAlign: 'left', paddingRight: 16 }}>Date</th>
                <th style={{ textAlign: 'right' }}>Price</th>
              </tr>
            </thead>
            <tbody>
              {history.map((h, i) => (
                <tr key={`${h.date}-${i}`}>
                  <td style={{ paddingRight: 16 }}>{formatDateTime(h.date)}</td>
                  <td style={{ textAlign: 'right' }}>{usd(h.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    >
      {formatDate(update.dateUpdated)}
    </Popover>
  );
}

const COLUMNS: TableProps.ColumnDefinition<PricingUpdate>[] = [
  {
    id: 'product',
    header: 'Product',
    isRowHeader: true,
    cell: (u) => (
      <div>
        <div>{u.productData.name}</div>
        <Box variant="small" color="text-body-secondary">
          {u.productData.sku}
        </Box>
      </div>
    ),
  },
  { id: 'type', header: 'Type', width: 110, cell: (u) => u.productData.type.name },
  { id: 'updated', header: 'Last Updated', width: 130, cell: (u) => <LastUpdated update={u} /> },
  {
    id: 'current',
    header: 'Current Price',
    // Room for '$1,234.56 Custom' on one line: the badge says whose price it is.
    width: 170,
    cell: (u) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {usd(u.currentPrice)}{' '}
        {u.priceCustomized ? <Badge color="blue">Custom</Badge> : <Badge color="grey">Base</Badge>}
      </span>
    ),
  },
  {
    id: 'new',
    header: 'New Price',
    // Room for '$1,234.56 (+$12.34)' on one line.
    width: 170,
    cell: (u) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        <b>{usd(u.newCustomPrice)}</b>{' '}
        <Box variant="span" color="text-body-secondary" fontSize="body-s">
          ({change(u)})
        </Box>
      </span>
    ),
  },
];

interface BrandSectionProps {
  customerName: string;
  headingTag: 'h3' | 'h4';
  brand: BrandUpdates;
  busy: boolean;
  defaultExpanded: boolean;
  onApply: (updates: PricingUpdate[], what: string) => Promise<unknown>;
}

function BrandSection({ customerName, headingTag, brand, busy, defaultExpanded, onApply }: BrandSectionProps) {
  const [selected, setSelected] = useState<PricingUpdate[]>([]);
  const [open, setOpen] = useState(defaultExpanded);
  const { items, collectionProps, paginationProps } = useCollection(brand.updates, {
    pagination: { pageSize: PAGE_SIZE },
  });
  const apply = async (updates: PricingUpdate[], what: string) => {
    await onApply(updates, what);
    setSelected([]);
  };
  return (
    <ExpandableSection
      variant="container"
      headingTagOverride={headingTag}
      expanded={open}
      onChange={({ detail }) => setOpen(detail.expanded)}
      headerText={brand.brandName}
      headerDescription={skuText(brand.updates.length)}
      headerAriaLabel={`${brand.brandName}, ${skuText(brand.updates.length)}`}
      headerActions={
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            disabled={busy || selected.length === 0}
            onClick={() => void apply(selected, `${selected.length} selected of ${brand.brandName}`)}
            ariaLabel={`${REFRESH_TEXT.updateSelected} of ${brand.brandName} for ${customerName}`}
          >
            {REFRESH_TEXT.updateSelected}
          </Button>
          <Button
            disabled={busy}
            onClick={() => void apply(brand.updates, brand.brandName)}
            ariaLabel={`${REFRESH_TEXT.updateAll} of ${brand.brandName} for ${customerName}`}
          >
            {REFRESH_TEXT.updateAll}
          </Button>
        </SpaceBetween>
      }
    >
      {open && (
        <Table<PricingUpdate>
          {...collectionProps}
          items={items}
          trackBy="productId"
          variant="borderless"
          contentDensity="compact"
          // Long product names wrap; the price columns keep their widths (see COLUMNS).
          wrapLines
          columnDefinitions={COLUMNS}
          selectionType="multi"
          selectedItems={selected}
          onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
          ariaLabels={{
            tableLabel: `${brand.brandName} pricing updates for ${customerName}`,
            selectionGroupLabel: `${brand.brandName} update selection`,
            allItemsSelectionLabel: () => `Select all ${brand.brandName} updates`,
            itemSelectionLabel: (_s, u) => `Select ${u.productData.name}`,
          }}
          pagination={brand.updates.length > PAGE_SIZE ? <Pagination {...paginationProps} /> : undefined}
        />
      )}
    </ExpandableSection>
  );
}

export interface CustomerUpdatesProps {
  customerName: string;
  updates: readonly PricingUpdate[];
  busy: boolean;
  /** Brand sections start open (one customer's dialog) or closed (the all-customers list). */
  expandBrands: boolean;
  /** 'Update All Brands' is the dialog's main action (one customer) or one of many (all customers). */
  primary?: boolean;
  /** Applies some of the updates; `what` names them for the notification. */
  onApply: (updates: PricingUpdate[], what: string) => Promise<unknown>;
}

/** One customer's pending updates by brand: Update All and Update Selected per brand, 'Update All Brands' above. */
export function CustomerUpdates({
  customerName,
  updates,
  busy,
  expandBrands,
  primary = true,
  onApply,
}: CustomerUpdatesProps) {
  const brands = useMemo(() => groupUpdatesByBrand(updates), [updates]);
  return (
    <SpaceBetween size="s">
      {brands.length > 1 && (
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16 }}>
          <Box color="text-body-secondary">
            {brands.length} brands, {skuText(updates.length)}
          </Box>
          <Button
            variant={primary ? 'primary' : 'normal'}
            disabled={busy}
            onClick={() => void onApply([...updates], 'all brands')}
            ariaLabel={`${REFRESH_TEXT.updateAllBrands} for ${customerName}`}
          >
            {REFRESH_TEXT.updateAllBrands}
          </Button>
        </div>
      )}
      {brands.map((brand) => (
        <BrandSection
          key={brand.brandID}
          customerName={customerName}
          headingTag={expandBrands ? 'h3' : 'h4'}
          brand={brand}
          busy={busy}
          defaultExpanded={expandBrands}
          onApply={onApply}
        />
      ))}
    </SpaceBetween>
  );
}
