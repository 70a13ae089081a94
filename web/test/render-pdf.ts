import { execFileSync } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * Renders a pdfmake definition to PDF bytes in a plain Node process: pdfmake's font loader refuses fonts under
 * jsdom. The footer function cannot cross the process boundary, so it is left out; the rest goes as JSON.
 */
export function renderPdfInNode(definition: TDocumentDefinitions): Buffer {
  const { footer: _footer, ...serializable } = definition;
  const script = `
    const pdfmake = require('pdfmake');
    const { dirname, join } = require('node:path');
    const fonts = join(dirname(require.resolve('pdfmake/package.json')), 'build/fonts/Roboto');
    pdfmake.addFonts({ Roboto: {
      normal: join(fonts, 'Roboto-Regular.ttf'), bold: join(fonts, 'Roboto-Medium.ttf'),
      italics: join(fonts, 'Roboto-Italic.ttf'), bolditalics: join(fonts, 'Roboto-MediumItalic.ttf') } });
    pdfmake.setLocalAccessPolicy((path) => path.startsWith(fonts));
    let input = '';
    process.stdin.on('data', (d) => (input += d));
    process.stdin.on('end', async () => {
      const buffer = await pdfmake.createPdf(JSON.parse(input)).getBuffer();
      process.stdout.write(buffer.toString('base64'));
    });`;
  const out = execFileSync(process.execPath, ['-e', script], {
    input: JSON.stringify(serializable),
    cwd: dirname(fileURLToPath(import.meta.url)),
    maxBuffer: 20 * 1024 * 1024,
  });
  return Buffer.from(out.toString(), 'base64');
}
