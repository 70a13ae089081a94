import type { TableCell } from 'pdfmake/interfaces';

/** What a pdfmake document definition says, for the document tests (statements, credit notes). */

const CONTAINERS = ['text', 'stack', 'columns', 'table', 'body', 'content'];
/** Every text in the definition's content, in order (not style values such as `alignment`). */
export const texts = (node: unknown, out: string[] = []): string[] => {
  if (typeof node === 'string') out.push(node);
  else if (Array.isArray(node)) node.forEach((n) => texts(n, out));
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) if (CONTAINERS.includes(key)) texts(value, out);
  return out;
};
const cellText = (cell: TableCell | undefined): string => (typeof cell === 'string' ? cell : texts(cell).join(''));

/** The rows of every table in the content, as texts. */
export const tables = (node: unknown, out: string[][][] = []): string[][][] => {
  if (Array.isArray(node)) node.forEach((n) => tables(n, out));
  else if (node && typeof node === 'object') {
    const table = (node as { table?: { body?: TableCell[][] } }).table;
    if (table?.body) out.push(table.body.map((row) => row.map(cellText)));
    for (const [key, value] of Object.entries(node))
      if (key !== 'table' && CONTAINERS.includes(key)) tables(value, out);
  }
  return out;
};
