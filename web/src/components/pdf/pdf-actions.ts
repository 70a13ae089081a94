import { apiCall } from '../../api/client';
import { type DocumentFolder, uploadSizeProblem } from '@bo/shared';
import type * as PdfMakeModule from 'pdfmake/build/pdfmake';
import type { PageOrientation, TCreatedPdf, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * pdfmake with its fonts (~810 KB gzip) loads on the first PDF action only, into its own chunk.
 * Modes (spec: PDF action modes): open in a new tab, download, or save to the server (presigned PUT).
 */
export type PdfMode = 'open' | 'download' | 'saveToServer';

export interface PdfAction {
  mode: PdfMode;
  fileName: string;
  /** Where `saveToServer` puts the file; default invoices. */
  folder?: DocumentFolder;
  /** Overrides the definition's orientation (portrait or landscape option). */
  orientation?: PageOrientation;
}

export interface SavedPdf {
  fileName: string;
  folder: DocumentFolder;
  /** The shareable link, `<site>/documents/<folder>/<fileName>`. */
  url: string;
}

type PdfMake = typeof PdfMakeModule;

let loading: Promise<PdfMake> | undefined;

/** The browser build of pdfmake with the Roboto fonts registered (loaded once). */
export function loadPdfMake(): Promise<PdfMake> {
  loading ??= (async () => {
    const [lib, fonts] = await Promise.all([import('pdfmake/build/pdfmake'), import('pdfmake/build/vfs_fonts')]);
    const pdfMake = ((lib as { default?: PdfMake }).default ?? lib) as PdfMake;
    const vfs = ((fonts as { default?: unknown }).default ?? fonts) as Parameters<PdfMake['addVirtualFileSystem']>[0];
    pdfMake.addVirtualFileSystem(vfs);
    return pdfMake;
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function create(definition: TDocumentDefinitions, orientation?: PageOrientation): Promise<TCreatedPdf> {
  const pdfMake = await loadPdfMake();
  return pdfMake.createPdf(orientation ? { ...definition, pageOrientation: orientation } : definition);
}

/**
 * Runs one PDF action. `open` needs a window opened synchronously in the click (pass it as `target`, or
 * the browser may block the popup); `saveToServer` answers with the stored name and shareable link.
 */
export async function runPdfAction(
  definition: TDocumentDefinitions,
  action: PdfAction,
  target?: Window | null,
): Promise<SavedPdf | undefined> {
  const pdf = await create(definition, action.orientation);
  if (action.mode === 'open') {
    await pdf.open(target ?? undefined);
    return undefined;
  }
  if (action.mode === 'download') {
    await pdf.download(action.fileName);
    return undefined;
  }
  return savePdf(await pdf.getBlob(), action.fileName, action.folder ?? 'invoices');
}

/**
 * Asks the server for a presigned PUT (it may rename a taken name) for this PDF's size, then uploads it with
 * the headers the server signed (content type and Content-Disposition: attachment; the browser sends the length).
 */
export async function savePdf(blob: Blob, fileName: string, folder: DocumentFolder): Promise<SavedPdf> {
  const tooLarge = uploadSizeProblem('documents', blob.size);
  if (tooLarge) throw new Error(tooLarge);
  const signed = await apiCall('storage.saveDocument', {
    body: { fileName, folder, bucket: 'documents', contentType: 'application/pdf', size: blob.size },
  });
  const put = await fetch(signed.uploadUrl, { method: 'PUT', headers: signed.headers, body: blob });
  if (!put.ok) throw new Error(`The PDF could not be saved (${put.status})`);
  return { fileName: signed.fileName, folder: signed.folder, url: signed.url };
}
