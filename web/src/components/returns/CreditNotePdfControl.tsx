import type { Return } from '@bo/shared';
import PdfActionControl from '../pdf/PdfActionControl';
import { buildCreditNoteDocument, creditNoteFileName } from './credit-note-pdf';

/**
 * A return's credit note PDF: open in a new tab or download (pdfmake loads on the first click). Credit notes are
 * made from the return as the API answers it, whenever asked, so nothing is saved to the server.
 */
export default function CreditNotePdfControl({ creditNote }: { creditNote: Return }) {
  return (
    <PdfActionControl
      what={`credit note ${creditNote.creditNoteNum}`}
      // Never used: Save to server is not offered.
      folder="invoices"
      offerSave={false}
      build={() => ({
        definition: buildCreditNoteDocument(creditNote),
        fileName: creditNoteFileName(creditNote),
      })}
    />
  );
}
