import CollectionPreferences, {
  type CollectionPreferencesProps,
} from '@cloudscape-design/components/collection-preferences';

export interface TablePreferencesProps {
  preferences: CollectionPreferencesProps.Preferences;
  /** What an unset preference falls back to. */
  defaults: CollectionPreferencesProps.Preferences;
  onChange: (preferences: CollectionPreferencesProps.Preferences) => void;
  pageSizeOptions: ReadonlyArray<CollectionPreferencesProps.PageSizeOption>;
  contentDisplayOptions: ReadonlyArray<CollectionPreferencesProps.ContentDisplayOption>;
}

/** What both preference dialogs share: labels, saving over the defaults, and which columns show. */
const commonProps = (props: Omit<TablePreferencesProps, 'pageSizeOptions'>): CollectionPreferencesProps => ({
  title: 'Preferences',
  confirmLabel: 'Confirm',
  cancelLabel: 'Cancel',
  preferences: props.preferences,
  onConfirm: ({ detail }) => props.onChange({ ...props.defaults, ...detail }),
  contentDisplayPreference: { options: props.contentDisplayOptions },
});

/** The preferences of every list page: page size, wrapped lines, stripes, density and visible columns. */
export default function TablePreferences(props: TablePreferencesProps) {
  return (
    <CollectionPreferences
      {...commonProps(props)}
      pageSizePreference={{ title: 'Page size', options: props.pageSizeOptions }}
      wrapLinesPreference={{}}
      stripedRowsPreference={{}}
      contentDensityPreference={{}}
    />
  );
}

/** The preferences of a table inside a page or dialog that has no page size: only which columns show. */
export function ColumnPreferences(props: Omit<TablePreferencesProps, 'pageSizeOptions'>) {
  return <CollectionPreferences {...commonProps(props)} />;
}

/** The Table props the saved preferences decide (visible columns, wrapping, stripes, density). */
export const tablePreferenceProps = (preferences: CollectionPreferencesProps.Preferences) => ({
  columnDisplay: preferences.contentDisplay,
  wrapLines: preferences.wrapLines,
  stripedRows: preferences.stripedRows,
  contentDensity: preferences.contentDensity,
});
