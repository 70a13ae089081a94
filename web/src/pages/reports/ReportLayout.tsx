import type { ReactNode } from 'react';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SegmentedControl, { type SegmentedControlProps } from '@cloudscape-design/components/segmented-control';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReportBuild } from '@bo/shared';
import { useApiQuery } from '../../api/hooks';
import { RebuildAction, ReportBuildNotes, type useReportBuild } from './ReportBuild';
import { ChartEmpty } from './ReportParts';

/** How every report page is laid out: its page header, its controls, its build notes and error, its sections. */

const LIST_STALE_MS = 5 * 60_000;

/** A report page: its title and description, with the Rebuild figures button when the figures have a build. */
export function ReportPage({
  title,
  description,
  build,
  children,
}: {
  title: string;
  description: ReactNode;
  build?: ReturnType<typeof useReportBuild>;
  children: ReactNode;
}) {
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={description} actions={build && <RebuildAction build={build} />}>
          {title}
        </Header>
      }
    >
      {children}
    </ContentLayout>
  );
}

/**
 * A report's body: its controls (in a box), what the figures leave out and whether they are current (`build`, and
 * `built`: the build the report answered with, until the status is read), its error banner, then its sections.
 */
export function ReportFrame({
  controls,
  build,
  built,
  everyBrand,
  alert,
  children,
}: {
  controls?: ReactNode;
  build?: ReturnType<typeof useReportBuild>;
  built?: ReportBuild;
  /** The figures count every brand (the receivables). */
  everyBrand?: boolean;
  alert: ReactNode;
  children: ReactNode;
}) {
  const info = build && (build.status ?? built);
  return (
    <SpaceBetween size="l">
      {controls && <Container>{controls}</Container>}
      {build && info && (
        <ReportBuildNotes
          build={info}
          canRebuild={build.canRebuild}
          onRebuild={build.rebuild}
          starting={build.starting}
          everyBrand={everyBrand}
        />
      )}
      {alert}
      {children}
    </SpaceBetween>
  );
}

/** A report's controls, side by side. */
export function ReportFields({ children }: { children: ReactNode }) {
  return (
    <SpaceBetween direction="horizontal" size="l">
      {children}
    </SpaceBetween>
  );
}

/**
 * A box of a report (its summary, a chart): its heading, and what `children` makes of the report once there is one
 * (else `state`: loading, failed or refused); `emptyText` in its place when the report `isEmpty`.
 */
/** About a chart's height with its legend: what a section holds while its report loads. */
const LOADING_ROOM_PX = 260;

export function ReportSection<T>({
  title,
  description,
  actions,
  report,
  state,
  isEmpty,
  emptyText,
  emptyTestId,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  report: T | undefined;
  state: ReactNode;
  isEmpty?: (report: T) => boolean;
  emptyText?: ReactNode;
  emptyTestId?: string;
  children: (report: T) => ReactNode;
}) {
  return (
    <Container
      header={
        <Header variant="h2" description={description} actions={actions}>
          {title}
        </Header>
      }
    >
      {report === undefined ? (
        // The room the figures will take, so the page does not shift when they arrive (Lighthouse's CLS).
        <div style={{ minHeight: LOADING_ROOM_PX }}>{state}</div>
      ) : isEmpty?.(report) ? (
        <ChartEmpty testId={emptyTestId}>{emptyText}</ChartEmpty>
      ) : (
        children(report)
      )}
    </Container>
  );
}

/** The option whose value is `value` (`''` when none), else `fallback`, else the first. */
export const pickOption = (options: SelectProps.Option[], value: string | undefined, fallback?: SelectProps.Option) =>
  options.find((o) => o.value === (value ?? '')) ?? fallback ?? options[0]!;

/** A labelled select of a report's controls; `searchable` ones filter their options and open over the page. */
export function SelectField({
  label,
  value,
  options,
  onChange,
  errorText,
  searchable,
  fallback,
}: {
  label: string;
  value: string | undefined;
  options: SelectProps.Option[];
  onChange: (value: string) => void;
  errorText?: string;
  searchable?: boolean;
  /** The option shown when none has `value` (else the first). */
  fallback?: SelectProps.Option;
}) {
  return (
    <FormField label={label} errorText={errorText}>
      <Select
        selectedOption={pickOption(options, value, fallback)}
        options={options}
        ariaLabel={label}
        filteringType={searchable ? 'auto' : undefined}
        expandToViewport={searchable}
        onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
      />
    </FormField>
  );
}

/** A labelled segmented control of a report's controls (the interval, what to show). */
export function SegmentedField<Id extends string>({
  label,
  selectedId,
  options,
  onChange,
  errorText,
}: {
  label: string;
  selectedId: Id;
  options: SegmentedControlProps.Option[];
  onChange: (id: Id) => void;
  errorText?: string;
}) {
  return (
    <FormField label={label} errorText={errorText}>
      <SegmentedControl
        label={label}
        selectedId={selectedId}
        onChange={({ detail }) => onChange(detail.selectedId as Id)}
        options={options}
      />
    </FormField>
  );
}

/** All brands, then every brand by name: the brand a report is narrowed to. */
export function useBrandOptions(): { options: SelectProps.Option[]; status: SelectProps['statusType'] } {
  const brands = useApiQuery('brands.getAll', {}, { staleTime: LIST_STALE_MS });
  return {
    options: [
      { value: '', label: 'All brands' },
      ...(brands.data?.res ?? [])
        .map((b) => ({ value: b.id, label: b.name }))
        .sort((a, b) => a.label.localeCompare(b.label, 'en-US')),
    ],
    status: brands.isError ? 'error' : brands.isPending ? 'loading' : 'finished',
  };
}

/** The Brand control: all brands or one (`label`: its name as the report gave it, until the list loads). */
export function BrandField({
  value,
  label,
  onChange,
}: {
  value: string | undefined;
  label?: string;
  onChange: (brand: string | undefined) => void;
}) {
  const brands = useBrandOptions();
  return (
    <FormField label="Brand">
      <Select
        selectedOption={
          value ? pickOption(brands.options, value, { value, label: label ?? value }) : brands.options[0]!
        }
        options={brands.options}
        statusType={brands.status}
        loadingText="Loading brands"
        errorText="Could not load the brands"
        filteringType="auto"
        ariaLabel="Brand"
        empty="No brands"
        expandToViewport
        onChange={({ detail }) => onChange(detail.selectedOption.value || undefined)}
      />
    </FormField>
  );
}
