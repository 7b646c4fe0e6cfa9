// How the loader reaches files: implemented over node:fs (CLI, main, browser host) and over
// the studio API (renderer). Paths are dataset-relative and '/'-separated.
export interface DatasetSource {
  /** A label for messages, e.g. the folder path. */
  readonly label: string;
  /** The file's text, or null when it does not exist. */
  readText(path: string): Promise<string | null>;
  /** The file's text in chunks (for big JSONL files); null when it does not exist. */
  readChunks(path: string): Promise<AsyncIterable<string> | null>;
  /** Files under dir, recursively, dataset-relative; [] when dir does not exist. */
  listFiles(dir: string): Promise<string[]>;
  /** Immediate subfolders of dir (names only); [] when dir does not exist. */
  listDirs(dir: string): Promise<string[]>;
  /**
   * Names in dir that are symbolic links to folders: listDirs and listFiles never follow them (a
   * link could lead outside the dataset). Only to say why a scenario is missing; [] when dir does
   * not exist. Optional: a source without links (an in-memory one) leaves it out.
   */
  listDirLinks?(dir: string): Promise<string[]>;
  /**
   * True where each read is a round trip (the studio's host over HTTP): the loader then asks for
   * its big files all at once instead of one after another. Left out where a read holds a file
   * handle until it is consumed (Node), so a load that stops early leaves none open.
   */
  readonly readsAhead?: boolean;
}
