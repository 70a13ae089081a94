import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import Tabs from '@cloudscape-design/components/tabs';
import { canSeeCosts } from '@bo/shared';
import { useSession } from '../../auth/session';
import InventoryLimitsTab from './InventoryLimitsTab';
import InventorySlowMoversTab from './InventorySlowMoversTab';
import InventoryValuationTab from './InventoryValuationTab';
import { useReportBuild } from './ReportBuild';
import { ReportPage } from './ReportLayout';
import {
  INVENTORY_REPORT_TEXT,
  inventoryControlsFromParams,
  paramsFromInventoryControls,
  type InventoryControls,
  type InventoryTab,
} from './inventory-report-config';

/** What each tab is given: the page's controls and a way to change them, and the figures' build. */
export interface InventoryTabProps {
  controls: InventoryControls;
  onChange: (next: Partial<InventoryControls>) => void;
  build: ReturnType<typeof useReportBuild>;
}

/**
 * `/reports/inventory` (issue 25, PURCHASING, INVENTORY and ADMIN): three tabs, each reading its own route when
 * opened: what the stock is worth (now or at a past month's end), the products that have not sold for a while,
 * every stock limit against the stock. The tab and its controls live in the address, so a report is a link. Values
 * show only when the API sends them (roles that see costs; INVENTORY reads units).
 */
export default function InventoryReportPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const controls = useMemo(() => inventoryControlsFromParams(params), [params]);
  const onChange = (next: Partial<InventoryControls>) =>
    setParams(paramsFromInventoryControls({ ...controls, ...next }), { replace: true });
  const build = useReportBuild();
  const props: InventoryTabProps = { controls, onChange, build };

  return (
    <ReportPage
      title={INVENTORY_REPORT_TEXT.title}
      description={
        canSeeCosts(session.roles) ? INVENTORY_REPORT_TEXT.description : INVENTORY_REPORT_TEXT.inventoryDescription
      }
      build={build}
    >
      <Tabs
        activeTabId={controls.tab}
        onChange={({ detail }) => onChange({ tab: detail.activeTabId as InventoryTab })}
        ariaLabel="Inventory reports"
        tabs={[
          {
            id: 'valuation',
            label: INVENTORY_REPORT_TEXT.valuation.tab,
            content: <InventoryValuationTab {...props} />,
          },
          { id: 'slow', label: INVENTORY_REPORT_TEXT.slow.tab, content: <InventorySlowMoversTab {...props} /> },
          { id: 'limits', label: INVENTORY_REPORT_TEXT.limits.tab, content: <InventoryLimitsTab {...props} /> },
        ]}
      />
    </ReportPage>
  );
}
