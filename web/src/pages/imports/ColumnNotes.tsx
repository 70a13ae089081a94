import Box from '@cloudscape-design/components/box';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ImportKind } from '@bo/shared';
import { columnNotes } from './imports-config';

/** The template's columns in short: which are required, the values a choice allows, and every column on demand. */
export default function ColumnNotes({ kind }: { kind: ImportKind }) {
  const notes = columnNotes(kind);
  const required = notes.filter((n) => n.required).map((n) => n.header);
  const choices = notes.filter((n) => n.allowed?.length);
  return (
    <SpaceBetween size="xxs">
      <Box variant="p">
        <b>Required columns:</b> {required.join(', ')}. The others may be left empty.
      </Box>
      {choices.map((c) => (
        <Box variant="p" key={c.header}>
          <b>{c.header}:</b> one of {c.allowed!.join(', ')}
        </Box>
      ))}
      <ExpandableSection headerText={`All ${notes.length} columns`}>
        <Box variant="p">
          {notes.map((n, i) => (
            <span key={n.header}>
              {i > 0 && ', '}
              {n.header}
              {n.required && ' (required)'}
            </span>
          ))}
        </Box>
      </ExpandableSection>
    </SpaceBetween>
  );
}
