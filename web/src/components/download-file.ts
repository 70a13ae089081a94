import type * as ExcelJsModule from 'exceljs';

/** Files the browser saves (spreadsheets, statements, zips), made in the page. */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Has the browser save `blob` as `fileName` (a hidden link clicked). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the address goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

type ExcelModule = typeof ExcelJsModule;

/** exceljs (~255 KB gzip), loaded on first use: a dynamic import, so it stays in its own chunk. */
export async function loadExcelJs(): Promise<ExcelModule> {
  const mod = (await import('exceljs')) as ExcelModule & { default?: ExcelModule };
  return mod.default ?? mod;
}
