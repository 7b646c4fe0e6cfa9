// File > Import Trajectories... (Electron): reads the files and folders the user chose, a folder
// expanding to its *.jsonl files (SPEC §6), for the renderer's evaluation worker to score against
// the open dataset. Names are shown in problems: the file name, or folder/relative path.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { compareCodePoints } from './code-point-order';
import { fileSystemFailure } from './file-system-failures';
import { readRegularText } from './regular-file';
import { MAX_IMPORT_BYTES, tooLargeToImport, wholeJsonDocument } from '../../shared/format/imported-files';

export interface ImportedTrajectories {
  files: { name: string; text: string }[];
  problems: { file: string; line: number; message: string }[];
}


/** A read's failure in words (file-system-failures.ts); what it does not know, as Node said it. */
function readFailure(error: unknown): string {
  return fileSystemFailure(error, { ENOENT: 'not found', ENOTDIR: 'a folder on its way is a file' })?.words ?? (error instanceof Error ? error.message : String(error));
}

interface Chosen {
  /** As problems name it: the file name, or folder/relative path. */
  name: string;
  absolute: string;
}

const isJsonl = (name: string) => name.toLowerCase().endsWith('.jsonl');
const isFolder = (absolute: string) => stat(absolute).then((info) => info.isDirectory(), () => false);

/** The .jsonl files below a chosen folder; a sub-folder it cannot read is a problem, the rest is read. */
async function jsonlBelow(folder: Chosen, into: Chosen[], problems: ImportedTrajectories['problems']): Promise<void> {
  let entries;
  try {
    entries = await readdir(folder.absolute, { withFileTypes: true });
  } catch (error) {
    problems.push({ file: `${folder.name}/`, line: 0, message: `cannot read the folder: ${readFailure(error)}; its files are not imported` });
    return;
  }
  for (const entry of entries) {
    const next = { name: `${folder.name}/${entry.name}`, absolute: path.join(folder.absolute, entry.name) };
    if (entry.isDirectory()) await jsonlBelow(next, into, problems);
    else if (entry.isFile() && isJsonl(entry.name)) into.push(next);
    // A folder may come from someone else: a link in it could lead anywhere (or loop), so it is said, not followed.
    else if (entry.isSymbolicLink() && (isJsonl(entry.name) || (await isFolder(next.absolute))))
      problems.push({ file: next.name, line: 0, message: 'a symbolic link: not followed (it could lead outside the folder); copy what it points to into the folder, or choose it itself' });
  }
}

/**
 * The chosen files, and the .jsonl files below the chosen folders, read; what cannot be read (a
 * missing path, an unreadable sub-folder or file, one over the size limit) is a problem of its own
 * and the rest is read all the same. Never rejects for a file-system failure.
 */
export async function readImportedTrajectories(paths: readonly string[]): Promise<ImportedTrajectories> {
  const result: ImportedTrajectories = { files: [], problems: [] };
  const chosen: Chosen[] = [];
  for (const given of paths) {
    let info;
    try {
      info = await stat(given);
    } catch (error) {
      const message = readFailure(error);
      result.problems.push({ file: given, line: 0, message: message === 'not found' ? message : `cannot read: ${message}` });
      continue;
    }
    if (info.isDirectory()) await jsonlBelow({ name: path.basename(given), absolute: given }, chosen, result.problems);
    else chosen.push({ name: path.basename(given), absolute: given });
  }
  chosen.sort((a, b) => compareCodePoints(a.name, b.name));
  for (const { name, absolute } of chosen) {
    try {
      const size = (await stat(absolute)).size;
      if (size > MAX_IMPORT_BYTES) {
        result.problems.push({ file: name, line: 0, message: tooLargeToImport(size) });
        continue;
      }
      // A FIFO or device among the chosen files is refused, never waited on.
      const text = await readRegularText(absolute);
      const whole = wholeJsonDocument(name, text);
      if (whole !== null) result.problems.push({ file: name, line: 1, message: whole });
      else result.files.push({ name, text });
    } catch (error) {
      result.problems.push({ file: name, line: 0, message: `cannot read: ${readFailure(error)}` });
    }
  }
  return result;
}
