import { purchaseOrderFileName } from '@bo/shared';
import PdfActionControl from '../../../components/pdf/PdfActionControl';
import type { SavedPdf } from '../../../components/pdf/pdf-actions';
import { buildPurchaseOrderDocument, type PurchaseOrderDocument } from './purchase-order-pdf';

export interface PurchaseOrderPdfControlProps {
  order: PurchaseOrderDocument;
  /** Save to server is offered to the roles that may write purchase-order documents. */
  offerSave: boolean;
  onSaved?: (saved: SavedPdf) => void;
}

/** A random UUID where the browser offers one (secure contexts), else 32 random hex digits. */
const uuid = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The purchase order's PDF (spec section 9: A4 portrait, `PO_{number}_{uuid}.pdf` under `purchaseOrders`):
 * open in a new tab, download, or save to the server.
 */
export default function PurchaseOrderPdfControl({ order, offerSave, onSaved }: PurchaseOrderPdfControlProps) {
  return (
    <PdfActionControl
      what="purchase order"
      folder="purchaseOrders"
      offerSave={offerSave}
      onSaved={onSaved}
      build={() => ({
        definition: buildPurchaseOrderDocument(order),
        fileName: purchaseOrderFileName(order.purchaseOrderNum, uuid()),
      })}
    />
  );
}
