import { useEffect, useMemo, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import DateRangePicker, { type DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import FormField from '@cloudscape-design/components/form-field';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { apiCall, type ApiError, type ApiResponse } from '../../api/client';
import { apiQueryKey, useApiQuery } from '../../api/hooks';
import { formatChangeDate } from '../../components/ChangeLogPanel';
import { formatWeight, GENETICS_LABELS } from './products-config';
import { dateRangeI18n } from '../../components/date-range-i18n';
import {
  MOVEMENT_LABELS,
  type MovementKind,
  type StockHistoryRow,
  orderHref,
  orderLinkText,
  signed,
  stockHistoryRows,
} from './stock-history';

/** Stock moves in warm and cool tones; reservations (pending outbound only) in blue, apart from them. */
const BADGE_COLORS: Record<MovementKind, 'grey' | 'blue' | 'red' | 'green'> = {
  opening: 'grey',
  adjustment: 'grey',
  received: 'green',
  sold: 'red',
  returned: 'green',
  writtenOff: 'grey',
  reserved: 'blue',
  released: 'blue',
};

/** A stock cell: the value, or a muted dash on rows that did not move stock. */
const stockCell = (row: StockHistoryRow, value: (m: NonNullable<StockHistoryRow['stock']>) => string | number) =>
  row.stock ? value(row.stock) : <Box color="text-status-inactive">-</Box>;

export interface ViewStockHistoryModalProps {
  productId: string;
}

declare module '../../modals/context' {
  interface ModalPropsByName {
    ViewStockHistory: ViewStockHistoryModalProps;
  }
}

export { NO_NOTES } from './stock-history';
const PAGE_SIZE = 500;
const DAY_MS = 86_400_000;
const UNIT_MS: Record<DateRangePickerProps.TimeUnit, number> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
  year: 365 * DAY_MS,
};

export const DEFAULT_RANGE: DateRangePickerProps.RelativeOption = {
  type: 'relative',
  key: 'last-90-days',
  amount: 90,
  unit: 'day',
};
const RELATIVE_OPTIONS: DateRangePickerProps.RelativeOption[] = [
  { key: 'last-7-days', amount: 7, unit: 'day', type: 'relative' },
  { key: 'last-30-days', amount: 30, unit: 'day', type: 'relative' },
  { key: 'last-60-days', amount: 60, unit: 'day', type: 'relative' },
  DEFAULT_RANGE,
];

/** The range as [start, end] in ms; an absolute end day counts whole. */
export function rangeBounds(value: DateRangePickerProps.Value | null, now: number): [number, number] {
  if (!value) return [0, Infinity];
  if (value.type === 'relative') return [now - value.amount * UNIT_MS[value.unit], Infinity];
  const start = Date.parse(value.startDate);
  const end = Date.parse(value.endDate);
  return [
    Number.isNaN(start) ? 0 : start,
    Number.isNaN(end) ? Infinity : end + (value.endDate.length <= 10 ? DAY_MS - 1 : 0),
  ];
}

const isValidRange: DateRangePickerProps.ValidationFunction = (range) => {
  if (range?.type === 'absolute') {
    if (!range.startDate || !range.endDate) return { valid: false, errorMessage: 'Choose a start and an end date.' };
    if (Date.parse(range.startDate) > Date.parse(range.endDate))
      return { valid: false, errorMessage: 'The end date must be after the start date.' };
  }
  return { valid: true };
};

const I18N = dateRangeI18n('Date range');

type Page = ApiResponse<'changelog.getAll'>;

/**
 * Registry `ViewStockHistory`: the product header, a date range (last 90 days) and the stock movements
 * (the opening stock, adjustments, and what orders reserved, sold or gave back).
 */
export default function ViewStockHistoryModal({
  productId,
  onDismiss,
}: ViewStockHistoryModalProps & { onDismiss: () => void }) {
  const product = useApiQuery('products.getByID', { params: { id: productId } });
  const [range, setRange] = useState<DateRangePickerProps.Value | null>(DEFAULT_RANGE);
  // The relative range is measured from when the dialog (or the range) was set.
  const [now, setNow] = useState(() => Date.now());
  const bounds = useMemo(() => rangeBounds(range, now), [range, now]);

  const params = { entityType: 'product' as const, entityId: productId };
  const history = useInfiniteQuery<Page, ApiError>({
    queryKey: [...apiQueryKey('changelog.getAll', { params }), 'stock-history'],
    queryFn: ({ pageParam }) =>
      apiCall('changelog.getAll', {
        params,
        query: { limit: PAGE_SIZE, ...(typeof pageParam === 'string' ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
  const entries = useMemo(() => history.data?.pages.flatMap((p) => p.entries) ?? [], [history.data]);
  const oldest = entries.at(-1)?.createdAt;

  // Entries come newest first: keep reading older pages while they may still fall in the range.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && oldest && Date.parse(oldest) >= bounds[0]) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, oldest, bounds]);

  const rows = useMemo(() => stockHistoryRows(entries, bounds), [entries, bounds]);
  const p = product.data;

  return (
    <Modal
      visible
      size="max"
      header="Stock History"
      onDismiss={onDismiss}
      footer={
        <Box float="right">
          <Button variant="link" onClick={onDismiss}>
            Close
          </Button>
        </Box>
      }
    >
      <SpaceBetween size="l">
        {p ? (
          <KeyValuePairs
            columns={4}
            ariaLabel="Product"
            items={[
              { label: 'Brand', value: p.brand.name },
              { label: 'SKU', value: p.sku },
              { label: 'Name', value: p.name },
              { label: 'Stock', value: p.stock },
              { label: 'Type', value: p.type.name },
              { label: 'Genetics', value: p.genetics ? GENETICS_LABELS[p.genetics] : '-' },
              { label: 'Weight (g)', value: formatWeight(p.weight) },
              { label: 'Extract type', value: p.extractType?.name ?? '-' },
            ]}
          />
        ) : product.isPending ? (
          <StatusIndicator type="loading">Loading...</StatusIndicator>
        ) : (
          <Alert type="error" statusIconAriaLabel="Error">
            Error...
          </Alert>
        )}
        <FormField label="Date range">
          <DateRangePicker
            value={range}
            onChange={({ detail }) => {
              setRange(detail.value);
              setNow(Date.now());
            }}
            relativeOptions={RELATIVE_OPTIONS}
            isValidRange={isValidRange}
            i18nStrings={I18N}
            placeholder="Filter by a date range"
            dateOnly
            rangeSelectorMode="default"
          />
        </FormField>
        <Table<StockHistoryRow>
          variant="embedded"
          items={rows}
          trackBy="id"
          loading={history.isPending}
          loadingText="Loading..."
          ariaLabels={{ tableLabel: 'Stock movements' }}
          empty={
            history.isError ? (
              <Box textAlign="center">
                <SpaceBetween size="xs">
                  <b>Error...</b>
                  <Button onClick={() => void history.refetch()}>Retry</Button>
                </SpaceBetween>
              </Box>
            ) : (
              <Box textAlign="center" color="inherit">
                No stock movements in this range
              </Box>
            )
          }
          columnDefinitions={[
            { id: 'date', header: 'Date', cell: (r) => formatChangeDate(r.createdAt), isRowHeader: true },
            {
              id: 'movement',
              header: 'Movement',
              cell: (r) => <Badge color={BADGE_COLORS[r.kind]}>{MOVEMENT_LABELS[r.kind]}</Badge>,
            },
            { id: 'new', header: 'New', cell: (r) => stockCell(r, (m) => m.next ?? '-') },
            { id: 'change', header: 'Change', cell: (r) => stockCell(r, (m) => signed(m.change)) },
            { id: 'prev', header: 'Prev', cell: (r) => stockCell(r, (m) => m.previous ?? '-') },
            {
              id: 'pending',
              header: 'Pending outbound',
              cell: (r) =>
                r.pending ? `${signed(r.pending.change)} (${r.pending.previous ?? 0} → ${r.pending.next ?? 0})` : '',
            },
            {
              id: 'order',
              header: 'Order',
              cell: (r) =>
                r.order ? (
                  <Link
                    href={orderHref(r.order)}
                    target="_blank"
                    rel="noopener noreferrer"
                    external
                    externalIconAriaLabel="(opens in a new tab)"
                  >
                    {orderLinkText(r.order)}
                  </Link>
                ) : (
                  ''
                ),
            },
            { id: 'user', header: 'User', cell: (r) => r.user },
            { id: 'notes', header: 'Notes', cell: (r) => r.notes },
          ]}
          wrapLines
        />
        {isFetchingNextPage && <StatusIndicator type="loading">Loading older entries...</StatusIndicator>}
      </SpaceBetween>
    </Modal>
  );
}
