// The files one read of the dataset took (texts and listings), so that the evaluation worker loads
// the same copy from them: posting a few strings is a memory copy, where posting the parsed
// dataset structured-clones every one of its objects on the main thread (65-80 ms, a frame held,
// at 4,167 tasks). The worker parses the texts again on its own thread.
import { inAnnotations } from '../../../shared/format/loader';
import type { DatasetSource } from '../../../shared/format/source';

export interface DatasetFiles {
  label: string;
  /** By path: the text, or null where the file does not exist. */
  texts: Map<string, string | null>;
  /** listFiles, listDirs and listDirLinks answers, by folder. */
  files: Map<string, string[]>;
  dirs: Map<string, string[]>;
  dirLinks: Map<string, string[]>;
  /** Reads and listings that failed (other than as missing), by path: their message. */
  failures: Map<string, string>;
}

/**
 * How the files reach the evaluation worker: each text in parts of this many characters, each
 * part its own message, then the files without their texts. One message of a 4,167-task dataset's
 * texts held the page's thread 45-75 ms to clone (in the first scroll of Replay); a part takes a
 * millisecond or two, and the page runs other tasks between them.
 */
export const TEXT_PART_CHARS = 256 * 1024;

/** Every text's parts, in order (an empty text as one empty part). */
export function* textParts(files: DatasetFiles): Generator<{ path: string; part: string }> {
  for (const [path, text] of files.texts) {
    if (text === null) continue;
    for (let at = 0; at < text.length || at === 0; at += TEXT_PART_CHARS) yield { path, part: text.slice(at, at + TEXT_PART_CHARS) };
  }
}

/** The files with only the missing texts (null): what follows the parts. */
export function withoutTexts(files: DatasetFiles): DatasetFiles {
  return { ...files, texts: new Map([...files.texts].filter(([, text]) => text === null)) };
}

/** The worker's side: parts as they come, then the files they belong to, whole again. */
export class TextAssembly {
  private readonly parts = new Map<string, string[]>();

  add(path: string, part: string): void {
    const parts = this.parts.get(path);
    if (parts) parts.push(part);
    else this.parts.set(path, [part]);
  }

  complete(files: DatasetFiles): DatasetFiles {
    const texts = new Map(files.texts);
    for (const [path, parts] of this.parts) texts.set(path, parts.join(''));
    this.parts.clear();
    return { ...files, texts };
  }
}

const keepOthers = <T>(map: Map<string, T>) => new Map([...map].filter(([path]) => !inAnnotations(path)));

/** The files without what was read of annotations/: the rest of a copy whose annotations are read again. */
export function withoutAnnotations(files: DatasetFiles): DatasetFiles {
  return { label: files.label, texts: keepOthers(files.texts), files: keepOthers(files.files), dirs: keepOthers(files.dirs), dirLinks: keepOthers(files.dirLinks), failures: keepOthers(files.failures) };
}

export const noFiles = (label: string): DatasetFiles => ({ label, texts: new Map(), files: new Map(), dirs: new Map(), dirLinks: new Map(), failures: new Map() });

/** A source answering from what a read recorded, failures included; a file it did not read is an error (the loader reads the same files in the same order). */
export function recordedSource(recorded: DatasetFiles): DatasetSource {
  const answer = <T>(map: Map<string, T>, key: string): Promise<T> => {
    if (map.has(key)) return Promise.resolve(map.get(key)!);
    return Promise.reject(new Error(recorded.failures.get(key) ?? `${key} was not read by the renderer`));
  };
  return {
    label: recorded.label,
    readText: (path) => answer(recorded.texts, path),
    readChunks: async (path) => {
      const text = await answer(recorded.texts, path);
      if (text === null) return null;
      return (async function* () {
        yield text;
      })();
    },
    listFiles: (dir) => answer(recorded.files, dir),
    listDirs: (dir) => answer(recorded.dirs, dir),
    listDirLinks: (dir) => answer(recorded.dirLinks, dir),
  };
}
