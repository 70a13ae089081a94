import { useState } from 'react';
import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import { invoiceFileName, randomDocumentId } from '@bo/shared';
import { errorMessage } from '../../../api/client';
import { useNotifications } from '../../../notifications/notifications';
import { buildInvoiceDocument, type InvoiceOptions, type InvoiceOrder } from '../invoice/invoice-pdf';
import type { PdfMode, SavedPdf } from '../invoice/pdf';

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

type Orientation = 'portrait' | 'landscape';

const modes: Array<{ mode: PdfMode; text: string }> = [
  { mode: 'open', text: 'Open' },
  { mode: 'download', text: 'Download' },
  { mode: 'saveToServer', text: 'Save to server' },
];

/**
 * The PDF print/export control (spec section 4, PDF action modes): open, download or save to server, in
 * portrait or landscape. pdfmake loads on the first click only.
 */
export default function PdfControl({
  invoice,
  options,
  canSave,
  disabled,
  onSaved,
  offerSave = true,
}: PdfControlProps) {
  const notify = useNotifications();
  const [busy, setBusy] = useState(false);
  const items: ButtonDropdownProps.ItemOrGroup[] = (['portrait', 'landscape'] as Orientation[]).map((o) => ({
    text: o === 'portrait' ? 'Portrait' : 'Landscape',
    items: modes
      .filter(({ mode }) => offerSave || mode !== 'saveToServer')
      .map(({ mode, text }) => ({
        id: `${o}:${mode}`,
        text,
        ariaLabel: `${text} invoice PDF (${o})`,
        disabled: mode === 'saveToServer' && !canSave,
        ...(mode === 'saveToServer' && !canSave ? { disabledReason: 'Save the order first' } : {}),
      })),
  }));

  const run = async (id: string) => {
    const [orientation, mode] = id.split(':') as [Orientation, PdfMode];
    // A tab opened inside the click is not blocked as a popup; the PDF is written into it.
    const target = mode === 'open' ? window.open('', '_blank') : null;
    setBusy(true);
    try {
      const order = invoice();
      const definition = buildInvoiceDocument(order, { ...options, orientation });
      const fileName = invoiceFileName(order.customer.customerName, order.orderNum, randomDocumentId());
      const { runPdfAction } = await import('../invoice/pdf');
      const saved = await runPdfAction(definition, { mode, fileName, folder: 'invoices', orientation }, target);
      if (saved) {
        notify.success(`Invoice saved as ${saved.fileName}`);
        onSaved?.(saved);
      }
    } catch (error) {
      target?.close();
      console.error('Invoice PDF failed', error);
      notify.error(errorMessage(error, 'The invoice PDF could not be made. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ButtonDropdown
      items={items}
      loading={busy}
      disabled={disabled}
      ariaLabel="Invoice PDF"
      onItemClick={({ detail }) => void run(detail.id)}
    >
      PDF
    </ButtonDropdown>
  );
}
