// Clips that are not in the dataset (an imported EgoBench release ships none): the user points the
// studio at a folder of videos, remembered per dataset in the studio's config folder (never in the
// dataset), and the media service serves `videos/<name>` from it when the dataset has no such
// file. Only video files directly inside that folder are served: no sub-folders, no "..", no
// symlink that resolves elsewhere, and nothing that is not a video by its name and by its first
// bytes (a folder such as /etc must not turn `videos/passwd` into /etc/passwd).
import { open, readFile, realpath, stat } from 'node:fs/promises';
import { readRegularText } from './regular-file';
import path from 'node:path';
import type { ClipStatus } from '../../shared/api/studio-api';
import { isDatasetRelativePath } from '../../shared/format/dataset-path';
import { StudioError } from '../../shared/api/studio-error';
import { updateTextFile } from './conditional-write';
import { resolveExisting } from './safe-path';

export const videoFoldersFile = 'video-folders.json';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * The file name a dataset path asks for from the video folder: `videos/<name>` with a plain,
 * single-segment name. Anything else (sub-folders, "..", other folders) is not looked up there.
 */
export function videoFolderName(relativePath: string): string | null {
  if (!isDatasetRelativePath(relativePath)) return null;
  const segments = relativePath.split('/');
  if (segments.length !== 2 || segments[0] !== 'videos') return null;
  return segments[1];
}

/** The clip extensions a video folder serves (the containers the studio plays: WebM/Matroska, MP4). */
export const videoFolderExtensions = ['.webm', '.mkv', '.mp4', '.m4v', '.mov'];

/**
 * True when the bytes open a WebM/Matroska file (EBML header 1A 45 DF A3) or an ISO base media
 * file (MP4, M4V, QuickTime: a box of type `ftyp` at offset 4).
 */
export function looksLikeVideo(head: Uint8Array): boolean {
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return true;
  return head.length >= 8 && String.fromCharCode(head[4], head[5], head[6], head[7]) === 'ftyp';
}

async function readHead(file: string, length: number): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = new Uint8Array(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The real path of `name` directly inside `folder`, or a StudioError: 'not-found' when there is
 * no such file, 'forbidden' when the name is not a plain video file name, a symlink leads out of
 * the folder (or to another type), or the content is not a WebM/Matroska/MP4 file.
 */
export async function resolveFolderClip(folder: string, name: string): Promise<string> {
  if (!isDatasetRelativePath(name) || name.includes('/')) {
    throw new StudioError('forbidden', `Not a plain file name: ${JSON.stringify(name)}`);
  }
  if (!videoFolderExtensions.includes(path.extname(name).toLowerCase())) {
    throw new StudioError('forbidden', `Not a video file name (${videoFolderExtensions.join(', ')}): ${name}`);
  }
  let realFolder: string;
  let real: string;
  try {
    realFolder = await realpath(folder);
    real = await realpath(path.join(realFolder, name));
  } catch (error) {
    if (isMissing(error)) throw new StudioError('not-found', `No ${name} in the video folder`);
    throw error;
  }
  if (path.dirname(real) !== realFolder) {
    throw new StudioError('forbidden', `${name} leads outside the video folder`);
  }
  if (!videoFolderExtensions.includes(path.extname(real).toLowerCase())) {
    throw new StudioError('forbidden', `${name} is a link to a file that is not named as a video`);
  }
  // stat before open: opening a FIFO for reading would wait for a writer.
  if (!(await stat(real)).isFile()) throw new StudioError('not-found', `Not a file: ${name}`);
  if (!looksLikeVideo(await readHead(real, 12))) {
    throw new StudioError('forbidden', `${name} does not start like a WebM, Matroska or MP4 file`);
  }
  return real;
}

/** The folder a user typed (browser host) or picked (dialog): absolute, existing, a folder; returned as its real path. */
export async function checkVideoFolder(folder: string): Promise<string> {
  if (!path.isAbsolute(folder) || folder.includes('\0')) {
    throw new StudioError('invalid-args', `Expected an absolute folder path, got ${JSON.stringify(folder)}`);
  }
  try {
    const real = await realpath(folder);
    if (!(await stat(real)).isDirectory()) throw new StudioError('invalid-args', `Not a folder: ${folder}`);
    return real;
  } catch (error) {
    if (isMissing(error)) throw new StudioError('not-found', `No such folder: ${folder}`);
    throw error;
  }
}

function parseFolders(text: string | null): Record<string, string> {
  try {
    const folders = (JSON.parse(text ?? '') as { folders?: unknown } | null)?.folders;
    if (!folders || typeof folders !== 'object' || Array.isArray(folders)) return {};
    return Object.fromEntries(Object.entries(folders).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    // Missing or corrupt: no folders chosen yet, rather than a studio that refuses to start.
    return {};
  }
}

/** `<configDir>/video-folders.json`: `{ "folders": { "<dataset root>": "<video folder>" } }`. */
export class VideoFolders {
  private readonly file: string;

  constructor(configDir: string) {
    this.file = path.join(configDir, videoFoldersFile);
  }

  private async readAll(): Promise<Record<string, string>> {
    return parseFolders(await readFile(this.file, 'utf8').catch(() => null));
  }

  /** The folder chosen for the dataset at `datasetRoot` (its real path), or null. */
  async get(datasetRoot: string): Promise<string | null> {
    return (await this.readAll())[datasetRoot] ?? null;
  }

  /** Remembers (or, with null, forgets) the dataset's video folder; checks it first. Returns what is stored. */
  async set(datasetRoot: string, folder: string | null): Promise<string | null> {
    const real = folder === null ? null : await checkVideoFolder(folder);
    // Read, modify, write under the file's lock: choices made at once for two datasets both stay.
    await updateTextFile(this.file, (text) => {
      const folders = parseFolders(text);
      if (real === null) delete folders[datasetRoot];
      else folders[datasetRoot] = real;
      return `${JSON.stringify({ folders }, null, 2)}\n`;
    });
    return real;
  }

  /**
   * Where a dataset path that is missing from the dataset is served from: the video folder's
   * file for `videos/<name>`, else null (the caller reports the dataset's own 'not-found').
   */
  async fallback(datasetRoot: string, relativePath: string): Promise<string | null> {
    const name = videoFolderName(relativePath);
    if (name === null) return null;
    const folder = await this.get(datasetRoot);
    if (folder === null) return null;
    return resolveFolderClip(folder, name);
  }
}

/** The clips tasks.jsonl names (`video`), in code-point order, each once. */
export async function expectedClips(datasetRoot: string): Promise<string[]> {
  let text: string;
  try {
    text = await readRegularText(await resolveExisting(datasetRoot, 'tasks.jsonl', 'file')); // a FIFO would hold a thread of the file pool for good
  } catch (error) {
    if (StudioError.from(error).code === 'not-found') return [];
    throw error;
  }
  const clips = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const video = (JSON.parse(line) as { video?: unknown } | null)?.video;
      if (typeof video === 'string' && video !== '') clips.add(video);
    } catch {
      // A malformed line is the task loader's to report.
    }
  }
  return [...clips].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Where each expected clip is: in the dataset, in the chosen video folder, or nowhere. */
export async function clipStatus(datasetRoot: string, folders: VideoFolders): Promise<ClipStatus> {
  const folder = await folders.get(datasetRoot);
  const clips: ClipStatus['clips'] = [];
  for (const clip of await expectedClips(datasetRoot)) {
    let source: ClipStatus['clips'][number]['source'] = null;
    let refused: string | undefined;
    try {
      const file = await resolveExisting(datasetRoot, clip, 'file');
      // Found as /media serves it: a regular file (a FIFO or device there is refused, not found).
      if (!(await stat(file)).isFile()) throw new StudioError('forbidden', `Not a regular file (a FIFO, socket or device is never served): ${clip}`);
      source = 'dataset';
    } catch (error) {
      // A path that is not the dataset's to serve ("../x.mp4", "/x.mp4") says so, rather than "missing".
      const outside = StudioError.from(error);
      if (outside.code === 'forbidden') refused = outside.message;
      try {
        if ((await folders.fallback(datasetRoot, clip)) !== null) source = 'folder';
      } catch {
        // Not in the folder either (or refused there): missing.
      }
    }
    clips.push({ path: clip, name: videoFolderName(clip), source, ...(source === null && refused ? { refused } : {}) });
  }
  return { folder, clips, missing: clips.filter((c) => c.source === null).length };
}
