import type { Statement } from '@bo/shared';
import type JSZipModule from 'jszip';
import { loadPdfMake } from '../../../components/pdf/pdf-actions';
import { downloadBlob } from '../../../components/download-file';
import { buildStatementDocument } from './statement-pdf';
import { statementXlsxBlob } from './statement-xlsx';
import { statementFileName } from './statement-text';

/**
 * Statement files, made in the page. The dialogs import this module on click, so pdfmake, exceljs and jszip
 * load only when a statement is downloaded (each into its own chunk).
 */

export interface NamedFile {
  name: string;
  data: Blob;
}

/** The statement's PDF as a file. */
export async function statementPdfFile(statement: Statement): Promise<NamedFile> {
  const pdfMake = await loadPdfMake();
  const data = await pdfMake.createPdf(buildStatementDocument(statement)).getBlob();
  return { name: statementFileName(statement, 'pdf'), data };
}

/** The statement's spreadsheet as a file. */
export async function statementXlsxFile(statement: Statement): Promise<NamedFile> {
  return { name: statementFileName(statement, 'xlsx'), data: await statementXlsxBlob(statement) };
}

/** Makes the file and has the browser save it; its name. */
export async function downloadStatement(statement: Statement, kind: 'pdf' | 'xlsx'): Promise<string> {
  const file = kind === 'pdf' ? await statementPdfFile(statement) : await statementXlsxFile(statement);
  downloadBlob(file.data, file.name);
  return file.name;
}

type JSZipConstructor = typeof JSZipModule;

/** The files in one zip (jszip loaded on first use). */
export async function zipFiles(files: readonly NamedFile[]): Promise<Blob> {
  const mod = (await import('jszip')) as unknown as JSZipConstructor & { default?: JSZipConstructor };
  const JSZip = mod.default ?? mod;
  const zip = new JSZip();
  for (const file of files) zip.file(file.name, file.data);
  return zip.generateAsync({ type: 'blob', mimeType: 'application/zip' });
}
