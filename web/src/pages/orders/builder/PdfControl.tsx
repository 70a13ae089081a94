import { invoiceFileName, randomDocumentId } from '@bo/shared';
import PdfActionControl from '../../../components/pdf/PdfActionControl';
import type { SavedPdf } from '../../../components/pdf/pdf-actions';
import { buildInvoiceDocument, type InvoiceOptions, type InvoiceOrder } from '../invoice/invoice-pdf';

export interface PdfControlProps {
  /** The invoice as it stands now (the unsaved edits included). */
  invoice: () => InvoiceOrder;
  options?: InvoiceOptions;
  /** Save to server is offered only when the order has a number (spec: saveToServer only when enabled). */
  canSave: boolean;
  disabled?: boolean;
  onSaved?: (saved: SavedPdf) => void;
  /** False for readers who may not write invoices to the server: Open and Download only. */
  offerSave?: boolean;
}

const ORIENTATIONS = ['portrait', 'landscape'] as const;

/** The invoice's PDF control (spec section 4, PDF action modes), in portrait or landscape. */
export default function PdfControl({
  invoice,
  options,
  canSave,
  disabled,
  onSaved,
  offerSave = true,
}: PdfControlProps) {
  return (
    <PdfActionControl
      what="invoice"
      folder="invoices"
      orientations={ORIENTATIONS}
      offerSave={offerSave}
      saveDisabledReason={canSave ? undefined : 'Save the order first'}
      disabled={disabled}
      onSaved={onSaved}
      build={(orientation) => {
        const order = invoice();
        return {
          definition: buildInvoiceDocument(order, { ...options, orientation }),
          fileName: invoiceFileName(order.customer.customerName, order.orderNum, randomDocumentId()),
        };
      }}
    />
  );
}
