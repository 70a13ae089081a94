import { changeLogEntity, type ChangeLogItem } from '../change-log/entity';
import { isConditionFailed, put } from '../core';
import { mapLimit } from '../map-limit';

/**
 * Writes history entries, each only if absent (their keys derive from the move): entries already there are
 * counted, not rewritten. Throws the first other failure (the stream retries the batch).
 */
export async function writeMovementEntries(
  entries: readonly ChangeLogItem[],
): Promise<{ written: number; existing: number }> {
  const results = await mapLimit(entries, 8, async (entry) => {
    try {
      await put(changeLogEntity, entry, { ifAbsent: true });
      return 'written' as const;
    } catch (error) {
      if (isConditionFailed(error)) return 'existing' as const;
      throw error;
    }
  });
  const written = results.filter((r) => r === 'written').length;
  return { written, existing: results.length - written };
}
