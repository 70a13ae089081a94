import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Receivables, Statement } from '@bo/shared';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { fakeApi, holdRequests, preloadLazyModules, renderApp, type RecordedCall } from './helpers';
import { SALES } from './brands-fixtures';
import { PAYROLL } from './payroll-fixtures';
import { makeCustomer } from './order-builder-fixtures';
import { RECEIVABLES } from './payment-fixtures';
import { makeStatement } from './statement-fixtures';
import type * as PdfActionsModule from '../src/components/pdf/pdf-actions';
import type * as DownloadModule from '../src/components/download-file';

/** pdfmake's fonts do not load under jsdom: a stand-in keeps each definition and answers a small file. */
const pdf = vi.hoisted(() => ({ definitions: [] as TDocumentDefinitions[] }));
vi.mock('../src/components/pdf/pdf-actions', async (importOriginal) => ({
  ...(await importOriginal<typeof PdfActionsModule>()),
  loadPdfMake: async () => ({
    createPdf: (definition: TDocumentDefinitions) => {
      pdf.definitions.push(definition);
      return { getBlob: async () => new Blob(['%PDF-1.7 stand-in'], { type: 'application/pdf' }) };
    },
  }),
}));
/** The browser's save is not run: the test reads the file it was given. */
const download = vi.hoisted(() => vi.fn<(blob: Blob, fileName: string) => void>());
vi.mock('../src/components/download-file', async (importOriginal) => ({
  ...(await importOriginal<typeof DownloadModule>()),
  downloadBlob: download,
}));

beforeAll(async () => {
  await preloadLazyModules();
  await Promise.all([
    import('../src/pages/customers/CustomersPage'),
    import('../src/pages/customers/ViewCustomerOrdersModal'),
    import('../src/pages/payments/ReceivablesPage'),
    import('../src/pages/customers/statements/CustomerStatementModal'),
    import('../src/pages/customers/statements/BatchStatementsModal'),
    import('../src/pages/customers/statements/statement-files'),
  ]);
});
beforeEach(() => {
  pdf.definitions.length = 0;
  download.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

type User = ReturnType<typeof userEvent.setup>;

const pad = (n: number) => String(n).padStart(2, '0');
/** The calendar day `offset` days from today in the browser's time zone, YYYY-MM-DD. */
const day = (offset = 0) => {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const TODAY = day();
const THIRTY_DAYS_AGO = day(-29);

const STATEMENT_PATH = '/api/db/customers/getStatement/';
/** Answers a customer's statement for the period asked. */
const statementReply =
  (overrides: Partial<Statement> = {}) =>
  (call: RecordedCall) => ({
    body: makeStatement({
      customerId: call.path.slice(STATEMENT_PATH.length),
      from: call.query.get('from') ?? '',
      to: call.query.get('to') ?? '',
      ...overrides,
    }),
  });
const periodOf = (call: RecordedCall) => [call.query.get('from'), call.query.get('to')];

const CONTAINERS = ['text', 'stack', 'columns', 'table', 'body', 'content'];
const texts = (node: unknown, out: string[] = []): string[] => {
  if (typeof node === 'string') out.push(node);
  else if (Array.isArray(node)) node.forEach((n) => texts(n, out));
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) if (CONTAINERS.includes(key)) texts(value, out);
  return out;
};

/** The label and value of each pair of a KeyValuePairs. */
const pairsOf = (element: HTMLElement) =>
  createWrapper(element)
    .findKeyValuePairs()!
    .findItems()
    .map((item) => [item.findLabel()!.getElement().textContent, item.findValue()!.getElement().textContent]);

const GREEN = makeCustomer();

describe('A customer’s statement', () => {
  const setup = () =>
    fakeApi()
      .on('GET', '/api/db/customers/getAll', { body: [GREEN] })
      .on('GET', '/api/db/users/getAll', { body: { res: [] } })
      .on('GET', `${STATEMENT_PATH}c-1`, statementReply());

  async function openStatement(user: User) {
    const table = await screen.findByRole('grid', { name: 'Customers' });
    await user.click(await within(table).findByRole('radio', { name: 'Green Leaf' }));
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Statement' }));
    return screen.findByRole('dialog', { name: 'Statement for Green Leaf' });
  }

  it('fetches the last 30 days, shows the balances and downloads the PDF made from the statement', async () => {
    const user = userEvent.setup();
    const api = setup();
    renderApp('/customers', SALES);
    const dialog = await openStatement(user);
    const pdfButton = within(dialog).getByRole('button', { name: 'Download PDF' });

    const summary = await within(dialog).findByTestId('statement-summary');
    expect(pairsOf(summary)).toEqual([
      ['Opening balance', '$100.00'],
      ['Closing balance', '$620.35'],
      ['Invoices, payments and credit notes', '4 lines'],
    ]);
    expect(api.callsTo('GET', `${STATEMENT_PATH}c-1`).map(periodOf)).toEqual([[THIRTY_DAYS_AGO, TODAY]]);
    expect(createWrapper(dialog).findDateRangePicker()!.findTrigger().getElement()).toHaveTextContent(
      new RegExp(`${THIRTY_DAYS_AGO}.*${TODAY}`.replace(/-/g, '.')),
    );

    await user.click(pdfButton);
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const [blob, fileName] = download.mock.calls[0]!;
    expect(fileName).toBe(`Statement_Green_Leaf_${THIRTY_DAYS_AGO}_${TODAY}.pdf`);
    expect(blob.type).toBe('application/pdf');
    const words = texts(pdf.definitions[0]!.content);
    for (const text of ['Statement', 'Green Leaf', '$100.00', 'Order 1042', '-$150.00', '$620.35', '$420.35'])
      expect(words).toContain(text);
    expect(await within(dialog).findByText(`Downloaded ${fileName}`)).toBeInTheDocument();
  });

  it('fetches again for the chosen period and downloads its spreadsheet', async () => {
    const user = userEvent.setup();
    const api = setup();
    renderApp('/customers', SALES);
    const dialog = await openStatement(user);
    await within(dialog).findByTestId('statement-summary');

    const picker = createWrapper(dialog).findDateRangePicker()!;
    picker.openDropdown();
    const dropdown = picker.findDropdown({ expandToViewport: true })!;
    dropdown.findStartDateInput()!.setInputValue(day(-59).replace(/-/g, '/'));
    dropdown.findEndDateInput()!.setInputValue(day(-10).replace(/-/g, '/'));
    dropdown.findApplyButton().click();
    await waitFor(() =>
      expect(api.callsTo('GET', `${STATEMENT_PATH}c-1`).map(periodOf)).toEqual([
        [THIRTY_DAYS_AGO, TODAY],
        [day(-59), day(-10)],
      ]),
    );
    await within(dialog).findByTestId('statement-summary');

    await user.click(within(dialog).getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const [blob, fileName] = download.mock.calls[0]!;
    expect(fileName).toBe(`Statement_Green_Leaf_${day(-59)}_${day(-10)}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await blob.arrayBuffer());
    const sheet = workbook.getWorksheet('Statement')!;
    const values: unknown[] = [];
    sheet.eachRow((row) => values.push(...(row.values as unknown[])));
    expect(values).toEqual(expect.arrayContaining(['Green Leaf', 'Order 1042', 250.5, -150, 620.35]));
  });

  it('refuses a period ending after today', async () => {
    const user = userEvent.setup();
    setup();
    renderApp('/customers', SALES);
    const dialog = await openStatement(user);
    const picker = createWrapper(dialog).findDateRangePicker()!;
    picker.openDropdown();
    const dropdown = picker.findDropdown({ expandToViewport: true })!;
    dropdown.findEndDateInput()!.setInputValue(day(1).replace(/-/g, '/'));
    dropdown.findApplyButton().click();
    expect(dropdown.findValidationError()!.getElement()).toHaveTextContent('The end date can be today at the latest.');
  });

  it('shows the server’s message when the statement cannot be read, and offers no download', async () => {
    const user = userEvent.setup();
    setup().on('GET', `${STATEMENT_PATH}c-1`, { status: 404, body: { message: 'Customer not found' } });
    renderApp('/customers', SALES);
    const dialog = await openStatement(user);
    expect(await within(dialog).findByText('Customer not found')).toBeInTheDocument();
    expect(within(dialog).getByText('The statement could not be loaded')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download PDF' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Download Excel' })).toBeDisabled();
  });

  it('is offered beside Record payment in the customer’s orders and payments', async () => {
    const user = userEvent.setup();
    setup()
      .on('GET', '/api/db/customers/getAllOrders/c-1', { body: { res: [] } })
      .on('GET', '/api/db/customers/getAvailableCredit/c-1', { body: { creditAvailable: 0 } })
      .on('GET', '/api/db/payments/getByCustomer/c-1', { body: [] });
    renderApp('/customers', SALES);
    const table = await screen.findByRole('grid', { name: 'Customers' });
    await user.click(await within(table).findByRole('radio', { name: 'Green Leaf' }));
    await user.click(screen.getByRole('button', { name: 'View orders' }));
    const orders = await screen.findByRole('dialog', { name: 'View Orders' });
    await user.click(await within(orders).findByRole('button', { name: 'Statement' }));
    expect(await screen.findByRole('dialog', { name: 'Statement for Green Leaf' })).toBeInTheDocument();
  });
});

describe('Statements for all (Receivables)', () => {
  const RECEIVABLES_PATH = '/api/db/payments/receivables';
  const setup = (receivables: Receivables = RECEIVABLES) =>
    fakeApi()
      .on('GET', RECEIVABLES_PATH, { body: receivables })
      .on('GET', `${STATEMENT_PATH}c-1`, statementReply())
      .on('GET', `${STATEMENT_PATH}c-2`, statementReply({ customerName: 'Harbor Goods' }));

  async function openBatch(user: User) {
    await user.click(await screen.findByRole('button', { name: 'Statements for all' }));
    return screen.findByRole('dialog', { name: 'Statements for all customers' });
  }

  it('fetches the statement of every customer listed, counts them and downloads one zip of their PDFs', async () => {
    const user = userEvent.setup();
    const api = setup();
    renderApp('/receivables', SALES);
    await screen.findByText('Harbor Goods');
    const dialog = await openBatch(user);
    expect(within(dialog).getByText(/each of the 2 customers with a balance/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Download zip' }));
    expect(await within(dialog).findByText(`Downloaded Statements_${THIRTY_DAYS_AGO}_${TODAY}.zip with 2 statements.`));
    expect(createWrapper(dialog).findProgressBar()!.findResultText()!.getElement()).toHaveTextContent(
      '2 of 2 statements',
    );
    for (const id of ['c-1', 'c-2'])
      expect(api.callsTo('GET', `${STATEMENT_PATH}${id}`).map(periodOf)).toEqual([[THIRTY_DAYS_AGO, TODAY]]);

    expect(download).toHaveBeenCalledTimes(1);
    const [zip, fileName] = download.mock.calls[0]!;
    expect(fileName).toBe(`Statements_${THIRTY_DAYS_AGO}_${TODAY}.zip`);
    const read = await JSZip.loadAsync(await zip.arrayBuffer());
    expect(Object.keys(read.files).sort()).toEqual([
      `Statement_Green_Leaf_${THIRTY_DAYS_AGO}_${TODAY}.pdf`,
      `Statement_Harbor_Goods_${THIRTY_DAYS_AGO}_${TODAY}.pdf`,
    ]);
    expect(pdf.definitions.map((d) => d.info?.title)).toEqual(
      expect.arrayContaining([expect.stringContaining('Green Leaf'), expect.stringContaining('Harbor Goods')]),
    );
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('lists the customers that failed and zips the others', async () => {
    const user = userEvent.setup();
    setup().on('GET', `${STATEMENT_PATH}c-2`, { status: 500, body: { message: 'Statement store unavailable' } });
    renderApp('/receivables', SALES);
    await screen.findByText('Harbor Goods');
    const dialog = await openBatch(user);
    await user.click(within(dialog).getByRole('button', { name: 'Download zip' }));

    expect(await within(dialog).findByText('1 statement could not be made')).toBeInTheDocument();
    expect(within(dialog).getByTestId('statement-failures')).toHaveTextContent(
      'Harbor Goods: Statement store unavailable',
    );
    expect(within(dialog).getByText(/with 1 statement\./)).toBeInTheDocument();
    const read = await JSZip.loadAsync(await download.mock.calls[0]![0].arrayBuffer());
    expect(Object.keys(read.files)).toEqual([`Statement_Green_Leaf_${THIRTY_DAYS_AGO}_${TODAY}.pdf`]);
  });

  it('starts no further fetch once cancelled, and downloads nothing', async () => {
    const user = userEvent.setup();
    const rows = Array.from({ length: 5 }, (_, i) => ({
      ...RECEIVABLES.rows[0]!,
      customerId: `c-${i + 1}`,
      customerName: `Customer ${i + 1}`,
    }));
    const api = setup({ ...RECEIVABLES, rows });
    for (const row of rows) api.on('GET', `${STATEMENT_PATH}${row.customerId}`, statementReply());
    renderApp('/receivables', SALES);
    await screen.findByText('Customer 5');
    const dialog = await openBatch(user);
    const held = holdRequests('getStatement');
    await user.click(within(dialog).getByRole('button', { name: 'Download zip' }));
    await held.untilAsked();
    const bar = within(dialog).getByRole('progressbar', { name: 'Statements' });
    expect(bar).toHaveAttribute('value', '0');
    expect(within(dialog).getByText('0 of 5 statements')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    held.release();
    expect(await within(dialog).findByText('Cancelled after 0 of 5 statements. Nothing was downloaded.'));
    // Three at a time: the three under way finish, no fourth starts.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.filter((c) => c.path.startsWith(STATEMENT_PATH))).toHaveLength(3);
    expect(download).not.toHaveBeenCalled();
  });

  it('gives PAYROLL the batch and each row’s statement', async () => {
    const user = userEvent.setup();
    setup();
    renderApp('/receivables', PAYROLL);
    await screen.findByText('Harbor Goods');
    expect(screen.getByRole('button', { name: 'Statements for all' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /Record a payment/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Statement for Harbor Goods' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statement for Harbor Goods' });
    expect(await within(dialog).findByTestId('statement-summary')).toBeInTheDocument();
  });
});
