import type { ImportFileType, PlannedRow } from '@bo/shared';
import * as storage from '../storage';

/**
 * An import's files in the documents bucket, under `imports/` (a folder no document route reads or lists): the
 * uploaded file, and the dry run the job made of it (JSON), which getById pages through and commit writes.
 */
export const importFileName = (importId: string, type: ImportFileType) => `imports/${importId}.${type}`;
const planName = (importId: string) => `imports/${importId}.plan.json`;

export const readImportFile = (importId: string, type: ImportFileType) =>
  storage.readFile('documents', importFileName(importId, type));

export const importFileExists = (importId: string, type: ImportFileType) =>
  storage.exists('documents', importFileName(importId, type));

export async function writePlan(importId: string, rows: readonly PlannedRow[]): Promise<void> {
  await storage.writeFile('documents', planName(importId), Buffer.from(JSON.stringify(rows)), 'application/json');
}

export async function readPlan(importId: string): Promise<PlannedRow[]> {
  const bytes = await storage.readFile('documents', planName(importId));
  return bytes ? (JSON.parse(Buffer.from(bytes).toString('utf8')) as PlannedRow[]) : [];
}
