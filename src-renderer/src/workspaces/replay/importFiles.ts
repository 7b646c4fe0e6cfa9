// Trajectory files the user brings in: dropped files and folders (walked recursively) or an
// <input type=file> (files, or a folder with webkitdirectory). Only *.jsonl files are read from
// folders (SPEC §6); a file chosen or dropped by itself is read whatever its kind, and its lines
// are checked. What cannot be read is a problem naming the file, as the desktop's import says it.
import { compareCodePoints } from '../../../../shared/format/codepoint';
import { MAX_IMPORT_BYTES, tooLargeToImport, wholeJsonDocument } from '../../../../shared/format/imported-files';
import type { Problem } from '../../../../shared/format/types';
import type { ImportedFile, ImportedFiles } from '../../evaluation/protocol';

interface Found {
  name: string;
  file: Promise<File>;
}

const isJsonl = (name: string) => name.toLowerCase().endsWith('.jsonl');

const noJsonl = (folder: string): Problem => ({ file: folder, line: 0, message: 'no .jsonl file in this folder or below (trajectory files are JSON Lines, SPEC §6)' });

async function readEntry(entry: FileSystemEntry, into: Found[], explicit: boolean): Promise<void> {
  if (entry.isFile) {
    if (!explicit && !isJsonl(entry.name)) return;
    const fileEntry = entry as FileSystemFileEntry;
    into.push({ name: entry.fullPath.replace(/^\//, ''), file: new Promise<File>((resolve, reject) => fileEntry.file(resolve, reject)) });
    return;
  }
  if (entry.isDirectory) {
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    // readEntries returns the folder in batches until an empty one.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
      if (batch.length === 0) break;
      for (const child of batch) await readEntry(child, into, false);
    }
  }
}

export async function filesFromDrop(data: DataTransfer): Promise<ImportedFiles> {
  const found: Found[] = [];
  const problems: Problem[] = [];
  const entries = [...data.items].map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.some((e) => e !== null)) {
    for (const entry of entries) {
      if (!entry) continue;
      const before = found.length;
      try {
        await readEntry(entry, found, true);
      } catch (error) {
        problems.push({ file: entry.name, line: 0, message: `cannot read: ${(error as Error).message}` });
        continue;
      }
      if (entry.isDirectory && found.length === before) problems.push(noJsonl(entry.name));
    }
  } else {
    for (const file of data.files) found.push({ name: file.name, file: Promise.resolve(file) });
  }
  return readAll(found, problems);
}

export async function filesFromInput(input: HTMLInputElement): Promise<ImportedFiles> {
  const files = [...(input.files ?? [])];
  const folder = files.some((f) => f.webkitRelativePath);
  const found = files.filter((f) => !folder || isJsonl(f.name)).map((f) => ({ name: f.webkitRelativePath || f.name, file: Promise.resolve(f) }));
  input.value = '';
  // A folder chosen: its name is the first part of its files' paths (an empty folder gives no file at all).
  const problems = folder && found.length === 0 ? [noJsonl(files[0].webkitRelativePath.split('/')[0])] : [];
  if (input.webkitdirectory && files.length === 0) problems.push(noJsonl('the folder chosen'));
  return readAll(found, problems);
}

async function readAll(found: Found[], problems: Problem[]): Promise<ImportedFiles> {
  const files: ImportedFile[] = [];
  for (const { name, file } of found.sort((a, b) => compareCodePoints(a.name, b.name))) {
    try {
      const blob = await file;
      // Chromium's File.text() gives "" for a file past its string limit, without an error.
      if (blob.size > MAX_IMPORT_BYTES) {
        problems.push({ file: name, line: 0, message: tooLargeToImport(blob.size) });
        continue;
      }
      const text = await blob.text();
      const whole = wholeJsonDocument(name, text);
      if (whole !== null) problems.push({ file: name, line: 1, message: whole });
      else files.push({ name, text });
    } catch (error) {
      problems.push({ file: name, line: 0, message: `cannot read: ${(error as Error).message}` });
    }
  }
  return { files, problems };
}
