import type { NamedFile } from './statement-files';

/**
 * The batch of statements (Receivables, "Statements for all"): one file per customer, made a few at a time. A
 * customer that fails is reported and the others go on; cancelling starts no further customer (those under way
 * finish, and their files are dropped).
 */

export const BATCH_CONCURRENCY = 3;

export interface BatchCustomer {
  customerId: string;
  customerName: string;
}

export interface BatchFailure extends BatchCustomer {
  message: string;
}

export interface BatchResult {
  /** The files made, in the customers' order, each name unique. */
  files: NamedFile[];
  failures: BatchFailure[];
  cancelled: boolean;
}

export interface BatchOptions {
  customers: readonly BatchCustomer[];
  /** Makes one customer's file (fetches the statement and builds its PDF). */
  makeFile: (customer: BatchCustomer) => Promise<NamedFile>;
  /** How many customers at a time; default 3. */
  concurrency?: number;
  signal?: AbortSignal;
  /** After each customer, made or failed. */
  onProgress?: (done: number, total: number) => void;
  /** The message of a failure, for the summary. */
  describeError?: (error: unknown) => string;
}

/** `a.pdf`, `a.pdf` → `a.pdf`, `a_2.pdf`: two customers whose names clean up alike keep both files in the zip. */
export function uniqueNames(files: readonly NamedFile[]): NamedFile[] {
  const taken = new Set<string>();
  return files.map((file) => {
    const dot = file.name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [file.name.slice(0, dot), file.name.slice(dot)] : [file.name, ''];
    let name = file.name;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${stem}_${n}${ext}`;
    taken.add(name.toLowerCase());
    return name === file.name ? file : { ...file, name };
  });
}

const defaultMessage = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error));

/** Makes every customer's file, `concurrency` at a time. */
export async function runBatch({
  customers,
  makeFile,
  concurrency = BATCH_CONCURRENCY,
  signal,
  onProgress,
  describeError = defaultMessage,
}: BatchOptions): Promise<BatchResult> {
  const made: Array<NamedFile | undefined> = [];
  const failures: Array<BatchFailure | undefined> = [];
  let next = 0;
  let done = 0;

  const worker = async () => {
    while (!signal?.aborted && next < customers.length) {
      const index = next++;
      const customer = customers[index]!;
      try {
        made[index] = await makeFile(customer);
      } catch (error) {
        failures[index] = { ...customer, message: describeError(error) };
      }
      done += 1;
      if (!signal?.aborted) onProgress?.(done, customers.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, customers.length)) }, worker));

  return {
    files: uniqueNames(made.filter((f): f is NamedFile => f !== undefined)),
    failures: failures.filter((f): f is BatchFailure => f !== undefined),
    cancelled: Boolean(signal?.aborted),
  };
}
