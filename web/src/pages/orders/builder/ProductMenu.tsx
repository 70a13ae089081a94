import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { formatUsd, stockBadge, toCents, type Product } from '@bo/shared';
import ProductImage from '../../../components/ProductImage';
import {
  autoOpenGroups,
  filterMenu,
  groupHeader,
  groupMenu,
  otherDimension,
  type GroupBy,
  type MenuGroup,
  type MenuIndex,
  type MenuProduct,
  type MenuSort,
  type MenuView,
  type SortDirection,
} from './menu-index';

export const MENU_TEXT = {
  search: 'Search products',
  added: 'Added!',
  allProducts: 'All Products',
  noMatch: 'No products found',
} as const;

/** How long the Add button says 'Added!' (spec section 9). */
export const ADDED_NOTICE_MS = 3000;
/** Rows a product list renders before 'Show more'. */
export const ROWS_PER_LIST = 50;
/** Products a group may hold and still open its sub-groups by itself. */
const SUBGROUPS_OPEN_UP_TO = 120;

const SORT_OPTIONS: SelectProps.Option[] = [
  { value: 'default', label: 'Default' },
  { value: 'name', label: 'Name' },
  { value: 'quantity', label: 'Quantity' },
];

export interface ProductMenuProps {
  index: MenuIndex | undefined;
  loading: boolean;
  error: boolean;
  /** The customer's custom prices by product id. */
  prices: ReadonlyMap<string, number>;
  onAdd: (product: Product) => void;
}

/**
 * The product menu (spec section 2, New Order): Group By Brand | Type, images Show/Hide (hidden by default),
 * search, sort, Group or List view; entries with '(in-stock/total)' counts, disabled when empty. Only the
 * opened entries render their products, and at most `ROWS_PER_LIST` per list until 'Show more'.
 */
function ProductMenu({ index, loading, error, prices, onAdd }: ProductMenuProps) {
  const [groupBy, setGroupBy] = useState<GroupBy>('brand');
  const [showImages, setShowImages] = useState(false);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<MenuSort>('default');
  const [direction, setDirection] = useState<SortDirection>('asc');
  const [view, setView] = useState<MenuView>('group');
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(new Map());

  const term = useDeferredValue(search);
  const searching = term.trim() !== '';
  const list = useMemo(() => (index ? filterMenu(index, term, sort, direction) : []), [index, term, sort, direction]);
  const groups = useMemo(
    () => (index ? groupMenu(list, groupBy, groupBy === 'brand' ? index.brands : index.types) : []),
    [index, list, groupBy],
  );
  const autoOpen = useMemo(() => (searching ? autoOpenGroups(groups) : new Set<string>()), [searching, groups]);

  const toggle = useCallback(
    (key: string, open: boolean) => setToggled((current) => new Map(current).set(key, !open)),
    [],
  );

  const matches = list.length;

  return (
    <div className="ob-menu">
      <div className="ob-menu__controls">
        <FormField label="Group By">
          <SegmentedControl
            label="Group By"
            selectedId={groupBy}
            onChange={({ detail }) => setGroupBy(detail.selectedId as GroupBy)}
            options={[
              { id: 'brand', text: 'Brand' },
              { id: 'type', text: 'Type' },
            ]}
          />
        </FormField>
        <FormField label="Images">
          <SegmentedControl
            label="Images"
            selectedId={showImages ? 'show' : 'hide'}
            onChange={({ detail }) => setShowImages(detail.selectedId === 'show')}
            options={[
              { id: 'show', text: 'Show' },
              { id: 'hide', text: 'Hide' },
            ]}
          />
        </FormField>
        <FormField label="View">
          <SegmentedControl
            label="View"
            selectedId={view}
            onChange={({ detail }) => setView(detail.selectedId as MenuView)}
            options={[
              { id: 'group', text: 'Group' },
              { id: 'list', text: 'List' },
            ]}
          />
        </FormField>
      </div>
      <div className="ob-menu__controls">
        <div className="ob-menu__search">
          <Input
            type="search"
            value={search}
            onChange={({ detail }) => setSearch(detail.value)}
            placeholder="Search by name, SKU, brand or type"
            ariaLabel={MENU_TEXT.search}
            clearAriaLabel="Clear search"
          />
        </div>
        <Select
          selectedOption={SORT_OPTIONS.find((o) => o.value === sort) ?? null}
          options={SORT_OPTIONS}
          onChange={({ detail }) => setSort((detail.selectedOption.value ?? 'default') as MenuSort)}
          ariaLabel="Sort products by"
        />
        <Button
          iconName={direction === 'asc' ? 'arrow-up' : 'arrow-down'}
          variant="icon"
          ariaLabel={direction === 'asc' ? 'Ascending: switch to descending' : 'Descending: switch to ascending'}
          onClick={() => setDirection((d) => (d === 'asc' ? 'desc' : 'asc'))}
        />
      </div>
      {loading ? (
        <StatusIndicator type="loading">Loading...</StatusIndicator>
      ) : error ? (
        <StatusIndicator type="error">Failed to load products.</StatusIndicator>
      ) : (
        <>
          <div className="ob-menu__summary" aria-live="polite">
            <Box variant="small" color="text-body-secondary">
              {searching
                ? matches === 0
                  ? MENU_TEXT.noMatch
                  : `${matches.toLocaleString('en-US')} matching product${matches === 1 ? '' : 's'}`
                : `${(index?.byDefault.length ?? 0).toLocaleString('en-US')} products`}
            </Box>
          </div>
          <ul className="ob-menu__groups" aria-label={groupBy === 'brand' ? 'Brands' : 'Types'}>
            {groups.map((group) => {
              const key = `${groupBy}:${group.key}`;
              const open = toggled.get(key) ?? autoOpen.has(group.key);
              return (
                <MenuGroupEntry
                  key={key}
                  stateKey={key}
                  group={group}
                  open={open && group.items.length > 0}
                  onToggle={toggle}
                  toggled={toggled}
                  view={view}
                  subBy={otherDimension(groupBy)}
                  showImages={showImages}
                  prices={prices}
                  onAdd={onAdd}
                />
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}

interface EntryProps {
  stateKey: string;
  group: MenuGroup;
  open: boolean;
  onToggle: (key: string, open: boolean) => void;
  toggled: ReadonlyMap<string, boolean>;
  view: MenuView;
  subBy: GroupBy;
  showImages: boolean;
  prices: ReadonlyMap<string, number>;
  onAdd: (product: Product) => void;
}

function GroupToggle({
  id,
  label,
  open,
  disabled,
  onClick,
  level,
}: {
  id: string;
  label: string;
  open: boolean;
  disabled: boolean;
  onClick: () => void;
  level: 1 | 2;
}) {
  return (
    <button
      type="button"
      className={`ob-group__toggle ob-group__toggle--l${level}`}
      aria-expanded={open}
      aria-controls={id}
      disabled={disabled}
      onClick={onClick}
    >
      <span className="ob-group__caret" aria-hidden="true">
        {open ? '▾' : '▸'}
      </span>
      {label}
    </button>
  );
}

const MenuGroupEntry = memo(function MenuGroupEntry({
  stateKey,
  group,
  open,
  onToggle,
  toggled,
  view,
  subBy,
  showImages,
  prices,
  onAdd,
}: EntryProps) {
  const id = `ob-group-${stateKey.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const subGroups = useMemo(
    () => (open && view === 'group' ? groupMenu(group.items, subBy) : []),
    [open, view, group, subBy],
  );
  return (
    <li className="ob-group">
      <GroupToggle
        id={id}
        label={groupHeader(group)}
        open={open}
        disabled={group.items.length === 0}
        onClick={() => onToggle(stateKey, open)}
        level={1}
      />
      {open && (
        <div id={id} className="ob-group__body">
          {view === 'list' ? (
            <>
              <div className="ob-group__subheader">{groupHeader({ ...group, name: MENU_TEXT.allProducts })}</div>
              <ProductList items={group.items} showImages={showImages} prices={prices} onAdd={onAdd} />
            </>
          ) : (
            <ul className="ob-subgroups" aria-label={`${group.name} by ${subBy}`}>
              {subGroups.map((sub) => {
                const subKey = `${stateKey}/${sub.key}`;
                const subOpen = toggled.get(subKey) ?? group.items.length <= SUBGROUPS_OPEN_UP_TO;
                const subId = `${id}-${sub.key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
                return (
                  <li key={subKey} className="ob-subgroup">
                    <GroupToggle
                      id={subId}
                      label={groupHeader(sub)}
                      open={subOpen}
                      disabled={false}
                      onClick={() => onToggle(subKey, subOpen)}
                      level={2}
                    />
                    {subOpen && (
                      <div id={subId}>
                        <ProductList items={sub.items} showImages={showImages} prices={prices} onAdd={onAdd} />
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </li>
  );
});

function ProductList({
  items,
  showImages,
  prices,
  onAdd,
}: {
  items: readonly MenuProduct[];
  showImages: boolean;
  prices: ReadonlyMap<string, number>;
  onAdd: (product: Product) => void;
}) {
  const [limit, setLimit] = useState(ROWS_PER_LIST);
  const shown = items.length > limit ? items.slice(0, limit) : items;
  return (
    <>
      <ul className="ob-products">
        {shown.map((item) => (
          <ProductRow
            key={item.id}
            item={item}
            price={prices.get(item.id) ?? item.product.basePrice}
            custom={prices.has(item.id)}
            showImages={showImages}
            onAdd={onAdd}
          />
        ))}
      </ul>
      {items.length > limit && (
        <Button variant="inline-link" onClick={() => setLimit((l) => l + ROWS_PER_LIST * 4)}>
          Show more ({(items.length - limit).toLocaleString('en-US')} left)
        </Button>
      )}
    </>
  );
}

const STOCK_LOOK = {
  OUT: { className: 'ob-stock ob-stock--out', label: 'Out of stock' },
  LOW: { className: 'ob-stock ob-stock--low', label: 'Low stock' },
  GOOD: { className: 'ob-stock ob-stock--good', label: 'In stock' },
} as const;
const count = new Intl.NumberFormat('en-US');

/** The order screens' stock badge (OUT under 1, LOW under 20: `stockBadge(…, 'order')`), as a light span. */
function StockLevel({ stock }: { stock: number }) {
  const look = STOCK_LOOK[stockBadge(stock, 'order')];
  return (
    <span className={look.className} role="img" aria-label={`${count.format(stock)} ${look.label}`} title={look.label}>
      {count.format(stock)}
    </span>
  );
}

const details = (p: Product): string =>
  [p.sku, p.weight !== undefined ? `${p.weight} g` : '', p.genetics ?? '', p.extractType?.name ?? '']
    .filter(Boolean)
    .join(' · ');

const ProductRow = memo(function ProductRow({
  item,
  price,
  custom,
  showImages,
  onAdd,
}: {
  item: MenuProduct;
  price: number;
  custom: boolean;
  showImages: boolean;
  onAdd: (product: Product) => void;
}) {
  const [added, setAdded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const add = () => {
    onAdd(item.product);
    setAdded(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAdded(false), ADDED_NOTICE_MS);
  };
  return (
    <li className="ob-product" data-testid="menu-product" data-sku={item.sku} aria-label={item.name}>
      {showImages && <ProductImage src={item.product.image} alt={item.name} size={40} />}
      <div className="ob-product__text">
        <div className="ob-product__name">{item.name}</div>
        <div className="ob-product__details">{details(item.product)}</div>
      </div>
      <StockLevel stock={item.stock} />
      <div className="ob-product__price" title={custom ? 'Custom price' : 'Base price'}>
        {formatUsd(toCents(price))}
      </div>
      {/* A plain button styled like Cloudscape's: hundreds of rows mount while typing in the search. */}
      <button
        type="button"
        className={`ob-add${added ? ' ob-add--done' : ''}`}
        onClick={add}
        aria-label={added ? `${item.name} added` : `Add ${item.name}`}
      >
        {added ? MENU_TEXT.added : 'Add'}
      </button>
    </li>
  );
});

export default memo(ProductMenu);
