import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { Dashboard as DashboardData, DashboardSection } from '@bo/shared';
import type { ReactNode } from 'react';
import { useApiQuery } from '../../api/hooks';
import { BusinessPanel, SalesPanel } from './sales-sections';
import { DeliveriesPanel, InventoryPanel, PayrollPanel, PurchasingPanel } from './work-sections';

const PANELS: { [S in DashboardSection]: (data: NonNullable<DashboardData[S]>) => ReactNode } = {
  business: (data) => <BusinessPanel data={data} />,
  sales: (data) => <SalesPanel data={data} />,
  deliveries: (data) => <DeliveriesPanel data={data} />,
  inventory: (data) => <InventoryPanel data={data} />,
  purchasing: (data) => <PurchasingPanel data={data} />,
  payroll: (data) => <PayrollPanel data={data} />,
};

function panelOf<S extends DashboardSection>(section: S, data: DashboardData): ReactNode {
  const part = data[section];
  return part ? PANELS[section](part as NonNullable<DashboardData[S]>) : null;
}

/** The caller's dashboard (`reports.dashboard`): a container per section their roles get, in the API's order. */
export default function Dashboard() {
  const query = useApiQuery('reports.dashboard', {});
  if (query.isPending)
    return (
      <Container>
        <StatusIndicator type="loading">Loading your dashboard</StatusIndicator>
      </Container>
    );
  if (query.isError)
    return (
      <Alert
        type="error"
        header="The dashboard could not be loaded"
        action={
          <Button onClick={() => void query.refetch()} loading={query.isRefetching}>
            Retry
          </Button>
        }
      >
        {query.error.message}
      </Alert>
    );
  const data = query.data;
  if (data.sections.length === 0) return null;
  return (
    <SpaceBetween size="l">
      {data.sections.map((section) => (
        <div key={section}>{panelOf(section, data)}</div>
      ))}
    </SpaceBetween>
  );
}
