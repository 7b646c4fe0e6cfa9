// File > Import Trajectories... (Electron): reads the files and folders the user chose, a folder
// expanding to its *.jsonl files (SPEC §6), for the renderer's evaluation worker to score against
// the open dataset. Names are shown in problems: the file name, or folder/relative path.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { compareCodePoints } from './code-point-order';
import { readRegularText } from './regular-file';

export interface ImportedTrajectories {
  files: { name: string; text: string }[];
  problems: { file: string; line: number; message: string }[];
}

/** Above this, a file is refused: the renderer holds every imported line in memory. */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

async function jsonlBelow(folder: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) out.push(...(await jsonlBelow(full)));
    else if (entry.isFile() && entry.name.toLowerCase().endsWith('.jsonl')) out.push(full);
  }
  return out;
}

export async function readImportedTrajectories(paths: readonly string[]): Promise<ImportedTrajectories> {
  const result: ImportedTrajectories = { files: [], problems: [] };
  const chosen: { name: string; absolute: string }[] = [];
  for (const given of paths) {
    const info = await stat(given).catch(() => null);
    if (!info) result.problems.push({ file: given, line: 0, message: 'not found' });
    else if (info.isDirectory()) {
      const base = path.basename(given);
      for (const file of await jsonlBelow(given))
        chosen.push({ name: [base, ...path.relative(given, file).split(path.sep)].join('/'), absolute: file });
    } else chosen.push({ name: path.basename(given), absolute: given });
  }
  chosen.sort((a, b) => compareCodePoints(a.name, b.name));
  for (const { name, absolute } of chosen) {
    const size = (await stat(absolute)).size;
    if (size > MAX_IMPORT_BYTES) {
      result.problems.push({ file: name, line: 0, message: `file of ${size} bytes is larger than the import limit; skipped` });
      continue;
    }
    try {
      // A FIFO or device among the chosen files is refused, never waited on.
      result.files.push({ name, text: await readRegularText(absolute) });
    } catch (error) {
      result.problems.push({ file: name, line: 0, message: `cannot read: ${(error as Error).message}` });
    }
  }
  return result;
}
