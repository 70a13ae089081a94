import { useMemo, useState, type ReactNode } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Link from '@cloudscape-design/components/link';
import Pagination from '@cloudscape-design/components/pagination';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useCan } from '../../access/route-access';
import { useApiQuery } from '../../api/hooks';
import ExportButton from '../../components/ExportButton';
import ImportButton from '../../components/ImportButton';
import ListPageHeader from '../../components/ListPageHeader';
import TablePreferences, { tablePreferenceProps } from '../../components/TablePreferences';
import { TableEmptyState, TableNoMatchState } from '../../components/table-states';
import { useLocalStorage } from '../../components/use-local-storage';
import WebLink from '../../components/WebLink';
import { useModals } from '../../modals/context';
import {
  anyOption,
  COMMPREF_OPTIONS,
  CUSTOMER_COLUMNS,
  CUSTOMERS_TEXT,
  contentDisplayOptions,
  DEFAULT_PAGE_SIZE,
  DEFAULT_PREFERENCES,
  LABELS,
  matchesCustomer,
  NO_FILTERS,
  NO_OWNER,
  PAGE_SIZE_OPTIONS,
  PREFERENCES_STORAGE_KEY,
  TYPE_OPTIONS,
  usd,
  type CustomerColumnId,
  type CustomerFilters,
  type CustomerRow,
} from './customers-config';
import './customers.css';
import { STATEMENT_ACTIONS_TEXT, useStatementDialogs } from '../../components/statements/statement-dialogs';
import { matchesText } from '../../format/counts';
import { RETURN_ACTIONS_TEXT } from '../../components/returns/return-display';
import { useReturnDialogs } from '../../components/returns/return-dialogs';
import { useProgressiveItems } from '../../components/use-progressive-items';
import { useRevealRow } from '../../components/use-reveal-row';

const EMPTY: CustomerRow[] = [];

/** `/customers`: customers with their dialogs (add, edit, pricing, refresh); for ADMIN and SALES. */
export default function CustomersPage() {
  const { openModal } = useModals();
  const can = useCan();
  const statements = useStatementDialogs();
  const returns = useReturnDialogs();
  const [preferences, setPreferences] = useLocalStorage(PREFERENCES_STORAGE_KEY, DEFAULT_PREFERENCES);
  const query = useApiQuery('customers.getAll', {});
  const users = useApiQuery('users.getAll', {});
  const [filters, setFilters] = useState<CustomerFilters>(NO_FILTERS);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const userNames = useMemo(() => new Map((users.data?.res ?? []).map((u) => [u.id, u.name])), [users.data]);
  const customers = useMemo<CustomerRow[]>(
    () =>
      query.data?.map((c) => ({
        ...c,
        accountOwnerName: c.accountOwner?.name ?? (c.accountOwnerID ? (userNames.get(c.accountOwnerID) ?? '') : ''),
      })) ?? EMPTY,
    [query.data, userNames],
  );

  const ownerOptions: SelectProps.Option[] = useMemo(() => {
    const owners = new Map<string, string>();
    for (const c of customers) if (c.accountOwnerID) owners.set(c.accountOwnerID, c.accountOwnerName || 'Unknown user');
    return [
      anyOption('Any account owner'),
      ...[...owners.entries()]
        .sort(([, a], [, b]) => a.localeCompare(b, 'en-US'))
        .map(([value, label]) => ({ value, label })),
      { value: NO_OWNER, label: 'No account owner' },
    ];
  }, [customers]);
  const typeOptions = [anyOption('Any type'), ...TYPE_OPTIONS];
  const commprefOptions = [anyOption('Any preferred contact'), ...COMMPREF_OPTIONS];
  const filtered = filters.type || filters.commpref || filters.accountOwnerID;

  const pageSize = preferences.pageSize ?? DEFAULT_PAGE_SIZE;
  const { items, allPageItems, actions, filteredItemsCount, collectionProps, filterProps, paginationProps } =
    useCollection(customers, {
      filtering: { filteringFunction: (row, text) => matchesCustomer(row, text, filters) },
      pagination: { pageSize },
      sorting: { defaultState: { sortingColumn: { sortingField: 'customerName' } } },
    });
  const shownItems = useProgressiveItems(items);
  const revealRow = useRevealRow(allPageItems, pageSize, actions.setCurrentPage);
  const selected = customers.find((c) => c.id === selectedId);

  const clearFilters = () => {
    actions.setFiltering('');
    setFilters(NO_FILTERS);
  };
  const addCustomer = () =>
    openModal('AddCustomer', {
      onCreated: (c) => {
        setSelectedId(c.id);
        revealRow(c.id);
      },
    });
  const edit = (c: CustomerRow) => openModal('EditCustomer', { customerId: c.id, customerName: c.customerName });
  const editPricing = (c: CustomerRow) =>
    openModal('EditCustomerPricing', { customerId: c.id, customerName: c.customerName });
  const refreshPricing = (c: CustomerRow) =>
    openModal('RefreshCustomPricing', { customerId: c.id, customerName: c.customerName });
  const viewOrders = (c: CustomerRow) =>
    openModal('ViewCustomerOrders', { customerId: c.id, customerName: c.customerName });
  const recordPayment = (c: CustomerRow) => openModal('AddPayment', { customerId: c.id });
  const statement = (c: CustomerRow) => statements.openStatement({ customerId: c.id, customerName: c.customerName });
  const viewReturns = (c: CustomerRow) => returns.customerReturns({ customerId: c.id, customerName: c.customerName });

  const empty =
    (filterProps.filteringText || filtered) && customers.length > 0 ? (
      <TableNoMatchState onClearFilter={clearFilters} />
    ) : query.isError ? (
      <TableEmptyState
        title={CUSTOMERS_TEXT.error}
        subtitle={query.error.message}
        action={<Button onClick={() => void query.refetch()}>Retry</Button>}
      />
    ) : (
      <TableEmptyState
        title={CUSTOMERS_TEXT.empty}
        subtitle={CUSTOMERS_TEXT.emptyDescription}
        action={<Button onClick={addCustomer}>Add customer</Button>}
      />
    );

  const cells: Record<CustomerColumnId, (row: CustomerRow) => ReactNode> = {
    customerName: (row) => (
      <Link onFollow={() => edit(row)} ariaLabel={`Edit ${row.customerName}`}>
        {row.customerName}
      </Link>
    ),
    type: (row) => (row.type === 'VIP' ? <Badge color="blue">{LABELS.type.VIP}</Badge> : LABELS.type[row.type]),
    contact: (row) =>
      row.contactName || row.contactPhone || row.contactEmail || row.website ? (
        <div className="bo-customer-contact">
          {(row.contactName || row.contactPhone) && (
            <span>
              {row.contactName}
              {row.contactName && row.contactPhone && ' · '}
              {row.contactPhone && (
                <Box variant="span" color="text-body-secondary">
                  {row.contactPhone}
                </Box>
              )}
            </span>
          )}
          {row.contactEmail && (
            <Link external={false} href={`mailto:${row.contactEmail}`}>
              {row.contactEmail}
            </Link>
          )}
          {row.website && <WebLink value={row.website} />}
        </div>
      ) : (
        '-'
      ),
    commpref: (row) => LABELS.commpref[row.commpref],
    accountOwner: (row) => row.accountOwnerName || '-',
    creditAvailable: (row) => usd(row.creditAvailable),
    customPricingCount: (row) => row.customPricingCount.toLocaleString('en-US'),
  };
  const columnDefinitions: TableProps.ColumnDefinition<CustomerRow>[] = CUSTOMER_COLUMNS.map((c) => ({
    id: c.id,
    header: c.header,
    cell: cells[c.id],
    sortingField: c.sortingField,
    isRowHeader: c.id === 'customerName',
    width: c.width,
    minWidth: c.minWidth,
  }));

  const pick = (options: SelectProps.Option[], value: string) => options.find((o) => o.value === value) ?? options[0]!;
  const selectFilter = (key: keyof CustomerFilters, label: string, options: SelectProps.Option[]) => (
    <div className="bo-customer-filter">
      <Select
        data-testid={`filter-${key}`}
        selectedOption={pick(options, filters[key])}
        options={options}
        onChange={({ detail }) => {
          setFilters((f) => ({ ...f, [key]: detail.selectedOption.value ?? '' }));
          actions.setCurrentPage(1);
        }}
        ariaLabel={label}
        expandToViewport
      />
    </div>
  );

  return (
    <Table<CustomerRow>
      {...collectionProps}
      items={shownItems}
      empty={empty}
      columnDefinitions={columnDefinitions}
      {...tablePreferenceProps(preferences)}
      trackBy="id"
      variant="full-page"
      stickyHeader
      resizableColumns
      enableKeyboardNavigation
      selectionType="single"
      selectedItems={selected ? [selected] : []}
      onSelectionChange={({ detail }) => setSelectedId(detail.selectedItems[0]?.id ?? null)}
      ariaLabels={{
        tableLabel: 'Customers',
        selectionGroupLabel: 'Customer selection',
        itemSelectionLabel: (_s, item) => item.customerName,
      }}
      renderAriaLive={({ firstIndex, lastIndex, totalItemsCount }) =>
        `Displaying customers ${firstIndex} to ${lastIndex} of ${totalItemsCount}`
      }
      loading={query.isPending}
      loadingText={CUSTOMERS_TEXT.loading}
      header={
        <ListPageHeader
          title="Customers"
          counter={query.data ? customers.length : undefined}
          description="Customers, their contacts and account owners, and their custom prices."
          refresh={{ noun: 'customers', loading: query.isRefetching, onRefresh: () => void query.refetch() }}
          actions={
            <>
              <ExportButton kind="customers" records={allPageItems} noun="customer" loading={query.isPending} />
              <ImportButton kinds={['customers', 'customPrices']} />
              {can('customers.updateBulkCustomPricing') && (
                <Button onClick={() => openModal('RefreshAllCustomPricing', {})}>
                  Refresh all customers&apos; pricing
                </Button>
              )}
              <ButtonDropdown
                disabled={!selected}
                onItemClick={({ detail }) => {
                  if (!selected) return;
                  if (detail.id === 'edit') edit(selected);
                  if (detail.id === 'pricing') editPricing(selected);
                  if (detail.id === 'refresh') refreshPricing(selected);
                  if (detail.id === 'orders') viewOrders(selected);
                  if (detail.id === 'payment') recordPayment(selected);
                  if (detail.id === 'statement') statement(selected);
                  if (detail.id === 'returns') viewReturns(selected);
                }}
                items={[
                  { id: 'edit', text: 'Edit' },
                  { id: 'pricing', text: 'Edit pricing' },
                  { id: 'refresh', text: 'Refresh pricing' },
                  { id: 'orders', text: 'View orders and payments' },
                  ...(can('payments.add') ? [{ id: 'payment', text: 'Record payment' }] : []),
                  ...(statements.canRead ? [{ id: 'statement', text: STATEMENT_ACTIONS_TEXT.statement }] : []),
                  ...(returns.canRead ? [{ id: 'returns', text: RETURN_ACTIONS_TEXT.returns }] : []),
                ]}
              >
                Actions
              </ButtonDropdown>
              <Button disabled={!selected} onClick={() => selected && viewOrders(selected)}>
                View orders
              </Button>
              <Button disabled={!selected} onClick={() => selected && editPricing(selected)}>
                Edit pricing
              </Button>
              {can('customers.addNew') && (
                <Button variant="primary" onClick={addCustomer}>
                  Add customer
                </Button>
              )}
            </>
          }
        />
      }
      filter={
        <div className="bo-customer-filters">
          <div className="bo-customer-search">
            <TextFilter
              {...filterProps}
              filteringPlaceholder={CUSTOMERS_TEXT.filterPlaceholder}
              filteringAriaLabel="Filter customers"
              countText={filterProps.filteringText || filtered ? matchesText(filteredItemsCount ?? 0) : undefined}
            />
          </div>
          {selectFilter('type', 'Filter by type', typeOptions)}
          {selectFilter('commpref', 'Filter by preferred contact', commprefOptions)}
          {selectFilter('accountOwnerID', 'Filter by account owner', ownerOptions)}
        </div>
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
