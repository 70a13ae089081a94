import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { canOpen, collectionsHref, PAGES } from '../../access/pages';
import { errorMessage } from '../../api/client';
import { useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import { formatTime, StopStateCell } from '../../components/deliveries/delivery-display';
import ListPageHeader from '../../components/ListPageHeader';
import { OrderNumLink } from '../../components/orders/order-cells';
import { TableEmptyState } from '../../components/table-states';
import DayPicker from '../../components/DayPicker';
import { countText } from '../../format/counts';
import { formatDay } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { today } from '../../format/today';
import {
  BOARD_COLUMNS,
  BOARD_REFRESH_MS,
  BOARD_TEXT as TEXT,
  boardDayOf,
  driverSummary,
  inRouteOrder,
  type BoardColumnId,
  type BoardDriver,
  type BoardStop,
} from './delivery-board-config';

const CELLS: Record<BoardColumnId, (stop: BoardStop) => ReactNode> = {
  position: (s) => s.position,
  orderNum: (s) => <OrderNumLink orderNum={s.orderNum} />,
  customerName: (s) => s.customerName,
  state: (s) => <StopStateCell state={s.state} />,
  at: (s) => formatTime(s.at),
  reason: (s) => s.reason || '-',
  amountDue: (s) => formatMoney(s.amountDue),
};

const COLUMN_DEFINITIONS: TableProps.ColumnDefinition<BoardStop>[] = BOARD_COLUMNS.map((c) => ({
  id: c.id,
  header: c.header,
  cell: CELLS[c.id],
  isRowHeader: c.id === 'orderNum',
}));

/** One driver's day: their stops in route order, and what they collected. */
function DriverStops({ driver, day, collectionsLink }: { driver: BoardDriver; day: string; collectionsLink: boolean }) {
  const stops = inRouteOrder(driver.stops);
  const pending = driver.pendingCollections;
  return (
    <Container
      data-testid={`board-driver-${driver.driverId}`}
      header={
        <Header variant="h2" counter={`(${stops.length})`} description={driverSummary(stops)}>
          {driver.name}
        </Header>
      }
    >
      <SpaceBetween size="m">
        <KeyValuePairs
          columns={3}
          ariaLabel={`Money collected by ${driver.name}`}
          items={[
            { label: TEXT.cash, value: formatMoney(driver.cash) },
            { label: TEXT.checks, value: formatMoney(driver.checksTotal) },
            {
              label: TEXT.pending,
              value:
                pending > 0 && collectionsLink ? (
                  <Link href={collectionsHref({ day })}>{countText(pending, 'collection')}</Link>
                ) : (
                  countText(pending, 'collection')
                ),
            },
          ]}
        />
        <Table<BoardStop>
          variant="borderless"
          items={stops}
          trackBy="orderId"
          columnDefinitions={COLUMN_DEFINITIONS}
          ariaLabels={{ tableLabel: `Stops of ${driver.name}` }}
          empty={<TableEmptyState title={TEXT.noStops} />}
          wrapLines
        />
      </SpaceBetween>
    </Container>
  );
}

/**
 * `/delivery-board` (issue 26; ADMIN, SALES and INVENTORY): every driver's stops of a day (`deliveries.board`,
 * today unless the address names a day) in their route order, with each stop's state, when and why, the amount
 * due, and the cash, checks and collections to confirm per driver. Refreshes itself every minute while on screen.
 */
export default function DeliveryBoardPage() {
  const { roles } = useSession();
  const [params, setParams] = useSearchParams();
  const asked = boardDayOf(params);
  const setDay = (next: string | undefined) => setParams(next ? { day: next } : {}, { replace: true });
  const query = useApiQuery(
    'deliveries.board',
    { query: asked ? { day: asked } : {} },
    { refetchInterval: BOARD_REFRESH_MS },
  );
  // The day shown: the one asked for, or the API's today once it answered (the browser's until then).
  const day = asked ?? query.data?.day ?? today();
  const drivers = query.data?.drivers.filter((d) => d.stops.length > 0) ?? [];
  const collectionsLink = canOpen(PAGES.collections, roles);

  let body;
  if (query.isPending)
    body = (
      <Container>
        <StatusIndicator type="loading">{TEXT.loading}</StatusIndicator>
      </Container>
    );
  else if (query.isError)
    body = (
      <Alert
        type="error"
        statusIconAriaLabel="Error"
        header={TEXT.error}
        action={<Button onClick={() => void query.refetch()}>{TEXT.retry}</Button>}
      >
        {errorMessage(query.error, 'Try again.')}
      </Alert>
    );
  else if (drivers.length === 0)
    body = (
      <Container>
        <TableEmptyState title={TEXT.empty} subtitle={TEXT.emptyDescription} />
      </Container>
    );
  else
    body = (
      <SpaceBetween size="l">
        {drivers.map((driver) => (
          <DriverStops key={driver.driverId} driver={driver} day={day} collectionsLink={collectionsLink} />
        ))}
      </SpaceBetween>
    );

  return (
    <ContentLayout
      header={
        <ListPageHeader
          variant="h1"
          title={TEXT.title}
          description={TEXT.description}
          refresh={{ noun: TEXT.refreshNoun, loading: query.isRefetching, onRefresh: () => void query.refetch() }}
        />
      }
    >
      <SpaceBetween size="l">
        <Container>
          <SpaceBetween direction="horizontal" size="s" alignItems="end">
            <FormField label={TEXT.day} description={formatDay(day)}>
              <DayPicker value={day} onChange={setDay} ariaLabel={TEXT.day} />
            </FormField>
            <Button onClick={() => setDay(undefined)} disabled={asked === undefined}>
              {TEXT.today}
            </Button>
          </SpaceBetween>
        </Container>
        {body}
      </SpaceBetween>
    </ContentLayout>
  );
}
