// The files one read of the dataset took (texts and listings), so that the evaluation worker loads
// the same copy from them: posting a few strings is a memory copy, where posting the parsed
// dataset structured-clones every one of its objects on the main thread (65-80 ms, a frame held,
// at 4,167 tasks). The worker parses the texts again on its own thread.
import type { DatasetSource } from '../../../shared/format/source';

export interface DatasetFiles {
  label: string;
  /** By path: the text, or null where the file does not exist. */
  texts: Map<string, string | null>;
  /** listFiles and listDirs answers, by folder. */
  files: Map<string, string[]>;
  dirs: Map<string, string[]>;
  /** Reads and listings that failed (other than as missing), by path: their message. */
  failures: Map<string, string>;
}

export const noFiles = (label: string): DatasetFiles => ({ label, texts: new Map(), files: new Map(), dirs: new Map(), failures: new Map() });

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
  };
}
