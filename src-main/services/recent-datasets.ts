// The recently opened dataset folders, newest first, kept in a small JSON file in the
// user's config folder (Electron's userData, or the browser host's --config-dir).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { updateTextFile } from './conditional-write';

const maxRecent = 10;

export class RecentDatasets {
  private readonly file: string;

  constructor(configDir: string) {
    this.file = path.join(configDir, 'recent-datasets.json');
  }

  async list(): Promise<string[]> {
    return parseRoots(await readFile(this.file, 'utf8').catch(() => null));
  }

  /** Read, modify, write under the file's lock: two windows or hosts remembering at once both count. */
  async remember(root: string): Promise<void> {
    await updateTextFile(this.file, (text) => {
      const roots = [root, ...parseRoots(text).filter((known) => known !== root)].slice(0, maxRecent);
      return `${JSON.stringify({ roots }, null, 2)}\n`;
    });
  }
}

function parseRoots(text: string | null): string[] {
  try {
    const roots = (JSON.parse(text ?? '') as { roots?: unknown } | null)?.roots;
    return Array.isArray(roots) ? roots.filter((root): root is string => typeof root === 'string') : [];
  } catch {
    // Missing or corrupt: start over rather than refuse to start.
    return [];
  }
}
