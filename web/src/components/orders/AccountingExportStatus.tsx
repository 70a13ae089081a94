import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useApiQuery } from '../../api/hooks';
import { useCan } from '../../access/route-access';
import { formatDateTime } from '../../format/dates';

/**
 * Whether the order's invoice went to the accountant in an accounting export, and whether it changed since (issue
 * 24, section 3): the next export of its range carries it again, marked changed. Nothing for an order not exported.
 */
export default function AccountingExportStatus({ order }: { order: string }) {
  const can = useCan();
  const allowed = can('accounting.orderStatus') && order !== '';
  const status = useApiQuery('accounting.orderStatus', { params: { orderId: order } }, { enabled: allowed });
  if (!allowed || !status.data?.exported) return null;
  const when = formatDateTime(status.data.exportedAt);
  return status.data.changedSinceExport ? (
    <StatusIndicator type="warning">Changed since export: exported to accounting {when}, edited after</StatusIndicator>
  ) : (
    <StatusIndicator type="success">Exported to accounting {when}</StatusIndicator>
  );
}
