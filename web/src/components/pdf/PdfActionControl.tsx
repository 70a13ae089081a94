import { useState } from 'react';
import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import type { DocumentFolder } from '@bo/shared';
import type { PageOrientation, TDocumentDefinitions } from 'pdfmake/interfaces';
import { errorMessage } from '../../api/client';
import { useNotifications } from '../../notifications/notifications';
import type { PdfMode, SavedPdf } from './pdf-actions';

export interface PdfActionControlProps {
  /** What the PDF is, in the labels and messages: `invoice`, `purchase order`. */
  what: string;
  /** Where Save to server puts it. */
  folder: DocumentFolder;
  /** The document and its file name, made at the click (so unsaved edits are in it). */
  build: (orientation: PageOrientation | undefined) => { definition: TDocumentDefinitions; fileName: string };
  /** Offers each mode once per orientation (grouped); none: the document's own orientation, one list. */
  orientations?: readonly PageOrientation[];
  /** False for readers who may not write this folder: Open and Download only. */
  offerSave: boolean;
  /** Why Save to server can't be used yet (it is shown disabled with this reason). */
  saveDisabledReason?: string;
  disabled?: boolean;
  onSaved?: (saved: SavedPdf) => void;
}

const MODES: Array<{ mode: PdfMode; text: string }> = [
  { mode: 'open', text: 'Open' },
  { mode: 'download', text: 'Download' },
  { mode: 'saveToServer', text: 'Save to server' },
];

const ORIENTATION_TEXT: Record<PageOrientation, string> = { portrait: 'Portrait', landscape: 'Landscape' };

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A document's PDF actions (spec section 4, PDF action modes): open in a new tab, download, or save to the
 * server (a shareable link), optionally per orientation. pdfmake loads on the first click only.
 */
export default function PdfActionControl({
  what,
  folder,
  build,
  orientations,
  offerSave,
  saveDisabledReason,
  disabled,
  onSaved,
}: PdfActionControlProps) {
  const notify = useNotifications();
  const [busy, setBusy] = useState(false);

  const itemsFor = (orientation?: PageOrientation): ButtonDropdownProps.Item[] =>
    MODES.filter(({ mode }) => offerSave || mode !== 'saveToServer').map(({ mode, text }) => {
      const saveBlocked = mode === 'saveToServer' && saveDisabledReason !== undefined;
      return {
        id: orientation ? `${orientation}:${mode}` : mode,
        text,
        ariaLabel: `${text} ${what} PDF${orientation ? ` (${orientation})` : ''}`,
        disabled: saveBlocked,
        ...(saveBlocked ? { disabledReason: saveDisabledReason } : {}),
      };
    });
  const items: ButtonDropdownProps.ItemOrGroup[] = orientations
    ? orientations.map((o) => ({ text: ORIENTATION_TEXT[o], items: itemsFor(o) }))
    : itemsFor();

  const run = async (id: string) => {
    const [orientation, mode] = (id.includes(':') ? id.split(':') : [undefined, id]) as [
      PageOrientation | undefined,
      PdfMode,
    ];
    // A tab opened inside the click is not blocked as a popup; the PDF is written into it.
    const target = mode === 'open' ? window.open('', '_blank') : null;
    setBusy(true);
    try {
      const { definition, fileName } = build(orientation);
      const { runPdfAction } = await import('./pdf-actions');
      const saved = await runPdfAction(definition, { mode, fileName, folder, orientation }, target);
      if (saved) {
        notify.success(`${capitalized(what)} saved as ${saved.fileName}`);
        onSaved?.(saved);
      }
    } catch (error) {
      target?.close();
      console.error(`${capitalized(what)} PDF failed`, error);
      notify.error(errorMessage(error, `The ${what} PDF could not be made. Try again.`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ButtonDropdown
      items={items}
      loading={busy}
      disabled={disabled}
      ariaLabel={`${capitalized(what)} PDF`}
      onItemClick={({ detail }) => void run(detail.id)}
    >
      PDF
    </ButtonDropdown>
  );
}
