import type { Content, TableCell } from 'pdfmake/interfaces';

/**
 * Parts the app's pdfmake documents share (statements, credit notes), in the invoice's style. Pure: no pdfmake
 * import (types only).
 */

/** A right-aligned cell: amounts, dates and numbers. */
export const right = (text: string, extra: Partial<Record<'bold' | 'italics', boolean>> = {}): TableCell => ({
  text,
  alignment: 'right',
  ...extra,
});

/** The block under a document's title: whom it is for (a small label over the name) and its facts on the right. */
export const partyAndFacts = (label: string, name: string, facts: TableCell[][]): Content => ({
  columns: [
    {
      width: '*',
      stack: [
        { text: label, style: 'label' },
        { text: name, style: 'customer' },
      ],
    },
    { width: 'auto', table: { body: facts }, layout: 'noBorders' },
  ],
  columnGap: 20,
  margin: [0, 0, 0, 16],
});
