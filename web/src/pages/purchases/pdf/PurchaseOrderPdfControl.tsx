import { useState } from 'react';
import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import { purchaseOrderFileName } from '@bo/shared';
import { errorMessage } from '../../../api/client';
import { useNotifications } from '../../../notifications/notifications';
import type { PdfMode, SavedPdf } from '../../orders/invoice/pdf';
import { buildPurchaseOrderDocument, type PurchaseOrderDocument } from './purchase-order-pdf';

export interface PurchaseOrderPdfControlProps {
  order: PurchaseOrderDocument;
  /** Save to server is offered to the roles that may write purchase-order documents. */
  offerSave: boolean;
  onSaved?: (saved: SavedPdf) => void;
}

const MODES: Array<{ mode: PdfMode; text: string }> = [
  { mode: 'open', text: 'Open' },
  { mode: 'download', text: 'Download' },
  { mode: 'saveToServer', text: 'Save to server' },
];

/** A random UUID where the browser offers one (secure contexts), else 32 random hex digits. */
const uuid = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The purchase order's PDF (spec section 9: A4 portrait, `PO_{number}_{uuid}.pdf` under `purchaseOrders`):
 * open in a new tab, download, or save to the server. pdfmake loads on the first click only.
 */
export default function PurchaseOrderPdfControl({ order, offerSave, onSaved }: PurchaseOrderPdfControlProps) {
  const notify = useNotifications();
  const [busy, setBusy] = useState(false);
  const items: ButtonDropdownProps.Item[] = MODES.filter(({ mode }) => offerSave || mode !== 'saveToServer').map(
    ({ mode, text }) => ({ id: mode, text, ariaLabel: `${text} purchase order PDF` }),
  );

  const run = async (mode: PdfMode) => {
    // A tab opened inside the click is not blocked as a popup; the PDF is written into it.
    const target = mode === 'open' ? window.open('', '_blank') : null;
    setBusy(true);
    try {
      const definition = buildPurchaseOrderDocument(order);
      const fileName = purchaseOrderFileName(order.purchaseOrderNum, uuid());
      const { runPdfAction } = await import('../../orders/invoice/pdf');
      const saved = await runPdfAction(definition, { mode, fileName, folder: 'purchaseOrders' }, target);
      if (saved) {
        notify.success(`Purchase order saved as ${saved.fileName}`);
        onSaved?.(saved);
      }
    } catch (error) {
      target?.close();
      console.error('Purchase order PDF failed', error);
      notify.error(errorMessage(error, 'The purchase order PDF could not be made. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ButtonDropdown
      items={items}
      loading={busy}
      ariaLabel="Purchase order PDF"
      onItemClick={({ detail }) => void run(detail.id as PdfMode)}
    >
      PDF
    </ButtonDropdown>
  );
}
