import { changeLogEntity, type ChangeLogItem } from '../change-log/entity';
import { isConditionFailed, put, transaction } from '../core';
import { mapLimit } from '../map-limit';
import { addMonthMoves, markRecordedSince, monthOf } from '../stock-moves/months';
import { moveOfEntry } from '../stock-moves/of-entry';

/** The entry of a movement transaction was there already: the whole transaction was cancelled. */
class AlreadyWritten extends Error {}

/**
 * Writes one entry only if absent. An entry that moved stock is written in one transaction with its month's
 * movement (stock-moves/months.ts): the put's `attribute_not_exists` failing cancels the month's ADD too, so a
 * movement counts in its month exactly once however often the stream delivers it, retries and concurrent
 * writers included.
 */
async function writeEntry(entry: ChangeLogItem): Promise<'written' | 'existing'> {
  const move = moveOfEntry(entry);
  try {
    if (!move) await put(changeLogEntity, entry, { ifAbsent: true });
    else
      await addMonthMoves(transaction().put('entry', changeLogEntity, entry, { ifAbsent: true }), entry.createdAt, [
        move,
      ]).commit((failed) => (failed.has('entry') ? new AlreadyWritten() : undefined));
    return 'written';
  } catch (error) {
    if (error instanceof AlreadyWritten || isConditionFailed(error)) return 'existing';
    throw error;
  }
}

/**
 * Writes history entries, each only if absent (their keys derive from the move): entries already there are
 * counted, not rewritten. Throws the first other failure (the stream retries the batch).
 */
export async function writeMovementEntries(
  entries: readonly ChangeLogItem[],
): Promise<{ written: number; existing: number }> {
  const results = await mapLimit(entries, 8, writeEntry);
  const written = results.filter((r) => r === 'written').length;
  return { written, existing: results.length - written };
}

/** Records the month of the earliest entry as the first recorded, unless one is already (once per batch). */
export async function markMovementsRecorded(entries: readonly ChangeLogItem[]): Promise<void> {
  const earliest = entries.reduce<string | undefined>(
    (min, e) => (min === undefined || e.createdAt < min ? e.createdAt : min),
    undefined,
  );
  if (earliest) await markRecordedSince(monthOf(earliest));
}
