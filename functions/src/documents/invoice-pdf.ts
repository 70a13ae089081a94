import { createRequire } from 'node:module';
import { buildInvoiceDocument, type InvoiceOptions, type InvoiceOrder } from '@bo/shared';

/**
 * Renders the invoice (the shared document definition the browser also builds) to PDF bytes with pdfmake's
 * server build. The 14 standard PDF fonts need no font files, so the Lambda bundle stays small; remote and
 * local file access are refused, so nothing in an order can make the renderer fetch anything.
 */
interface PdfMakeServer {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  createPdf(definition: unknown): { getBuffer(): Promise<Buffer> };
}

const HELVETICA = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
};
/** pdfkit's built-in fonts, the only "files" the renderer may open. */
const STANDARD_FONTS = new Set(Object.values(HELVETICA));

let pdfmake: PdfMakeServer | undefined;

function printer(): PdfMakeServer {
  if (pdfmake) return pdfmake;
  const loaded = createRequire(import.meta.url)('pdfmake') as PdfMakeServer;
  loaded.setFonts({ Helvetica: HELVETICA });
  loaded.setUrlAccessPolicy(() => false);
  loaded.setLocalAccessPolicy((path) => STANDARD_FONTS.has(path));
  return (pdfmake = loaded);
}

export async function renderInvoicePdf(order: InvoiceOrder, options: InvoiceOptions = {}): Promise<Buffer> {
  const definition = buildInvoiceDocument(order, options);
  return printer()
    .createPdf({ ...definition, defaultStyle: { ...definition.defaultStyle, font: 'Helvetica' } })
    .getBuffer();
}
