import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReportBuild } from '@bo/shared';
import { useCan } from '../../access/route-access';
import { invalidateRoutes, useApiMutation, useApiQuery } from '../../api/hooks';
import { formatDateTime } from '../../format/dates';
import { useModals } from '../../modals/context';
import { useNotifications } from '../../notifications/notifications';
import { REPORT_BUILD_TEXT } from './report-common';

/** How often the page asks how a rebuild is going. */
export const REBUILD_POLL_MS = 2000;

/**
 * Whether the figures are current (`reports.status`), asked every 2 s while a rebuild runs; when one finishes the
 * report is read again. `rebuild()` asks for confirmation, then starts one (ADMIN only: `canRebuild`).
 */
export function useReportBuild() {
  const can = useCan();
  const canRebuild = can('reports.rebuild');
  const queryClient = useQueryClient();
  const { openModal } = useModals();
  const notify = useNotifications();
  const status = useApiQuery(
    'reports.status',
    {},
    {
      enabled: can('reports.status'),
      staleTime: 0,
      refetchInterval: (q) => (q.state.data?.rebuilding ? REBUILD_POLL_MS : false),
    },
  );
  const start = useApiMutation('reports.rebuild', {
    onSuccess: (answer) => queryClient.setQueryData(['api', 'reports.status'], answer),
  });
  const rebuilding = Boolean(status.data?.rebuilding);
  const wasRebuilding = useRef(rebuilding);
  useEffect(() => {
    if (wasRebuilding.current && !rebuilding)
      void invalidateRoutes(queryClient, [
        'reports.sales',
        'reports.purchases',
        'reports.inventoryValuation',
        'reports.slowMovers',
        'reports.stockLimits',
        'reports.receivables',
      ]);
    wasRebuilding.current = rebuilding;
  }, [rebuilding, queryClient]);

  const rebuild = () =>
    openModal('Confirmation', {
      title: REPORT_BUILD_TEXT.rebuildTitle,
      message: REPORT_BUILD_TEXT.rebuildMessage,
      confirmLabel: REPORT_BUILD_TEXT.rebuild,
      onConfirm: async () => {
        await start.mutateAsync({});
        notify.success(REPORT_BUILD_TEXT.rebuildStarted);
      },
    });
  return { status: status.data, canRebuild, rebuild, starting: start.isPending, rebuilding };
}

/**
 * What the figures leave out and whether they are current: the brands excluded from reporting, a rebuild under
 * way with its progress, and a warning (with a rebuild for ADMIN) when the exclusions changed since they were built.
 */
export function ReportBuildNotes({
  build,
  canRebuild,
  onRebuild,
  starting,
  everyBrand = false,
}: {
  build: ReportBuild;
  canRebuild: boolean;
  onRebuild: () => void;
  starting: boolean;
  /** The figures count every brand (the receivables): the exclusions do not apply to them. */
  everyBrand?: boolean;
}) {
  const excluded = everyBrand ? '' : build.excludedBrands.map((b) => b.name).join(', ');
  return (
    <SpaceBetween size="s">
      {build.rebuilding && (
        <Alert type="info" header="Rebuilding figures" data-testid="report-rebuilding">
          Rebuilding figures: {build.rebuilding.orders.toLocaleString('en-US')} orders so far, at{' '}
          {build.rebuilding.month} (started {formatDateTime(build.rebuilding.startedAt)}). The report shows the current
          figures until it finishes.
        </Alert>
      )}
      {build.exclusionChanged && !build.rebuilding && !everyBrand && (
        <Alert
          type="warning"
          header="Figures out of date"
          action={
            canRebuild && (
              <Button onClick={onRebuild} loading={starting}>
                {REPORT_BUILD_TEXT.rebuild}
              </Button>
            )
          }
        >
          {canRebuild ? REPORT_BUILD_TEXT.exclusionChanged : REPORT_BUILD_TEXT.exclusionChangedNoRebuild}
        </Alert>
      )}
      {excluded ? (
        <Box variant="small" color="text-body-secondary" data-testid="report-excluded-brands">
          Leaves out brands excluded from reporting: {excluded}
        </Box>
      ) : null}
    </SpaceBetween>
  );
}

/** The page header's Rebuild figures button (ADMIN only: nothing for other roles). */
export function RebuildAction({ build }: { build: ReturnType<typeof useReportBuild> }) {
  if (!build.canRebuild) return null;
  return (
    <Button onClick={build.rebuild} loading={build.starting} disabled={build.rebuilding}>
      {REPORT_BUILD_TEXT.rebuild}
    </Button>
  );
}
