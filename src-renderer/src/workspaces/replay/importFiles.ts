// Trajectory files the user brings in: dropped files and folders (walked recursively) or an
// <input type=file> (files, or a folder with webkitdirectory). Only *.jsonl files are read
// (SPEC §6); a dropped file of another kind is still read, and its lines are checked.
import { compareCodePoints } from '../../../../shared/format/codepoint';
import type { ImportedFile } from '../../evaluation/protocol';

function wanted(name: string, explicit: boolean): boolean {
  return explicit || name.toLowerCase().endsWith('.jsonl');
}

async function readEntry(entry: FileSystemEntry, into: { name: string; file: Promise<File> }[], explicit: boolean): Promise<void> {
  if (entry.isFile) {
    if (!wanted(entry.name, explicit)) return;
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

export async function filesFromDrop(data: DataTransfer): Promise<ImportedFile[]> {
  const found: { name: string; file: Promise<File> }[] = [];
  const entries = [...data.items].map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.some((e) => e !== null)) {
    for (const entry of entries) if (entry) await readEntry(entry, found, true);
  } else {
    for (const file of data.files) found.push({ name: file.name, file: Promise.resolve(file) });
  }
  return readAll(found);
}

export async function filesFromInput(input: HTMLInputElement): Promise<ImportedFile[]> {
  const files = [...(input.files ?? [])];
  const folder = files.some((f) => f.webkitRelativePath);
  const found = files
    .filter((f) => wanted(f.name, !folder))
    .map((f) => ({ name: f.webkitRelativePath || f.name, file: Promise.resolve(f) }));
  input.value = '';
  return readAll(found);
}

async function readAll(found: { name: string; file: Promise<File> }[]): Promise<ImportedFile[]> {
  const files = await Promise.all(found.map(async ({ name, file }) => ({ name, text: await (await file).text() })));
  return files.sort((a, b) => compareCodePoints(a.name, b.name));
}
