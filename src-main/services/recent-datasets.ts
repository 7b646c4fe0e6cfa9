// The recently opened dataset folders, newest first, kept in a small JSON file in the
// user's config folder (Electron's userData, or the browser host's --config-dir).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from './atomic-write';

const maxRecent = 10;

export class RecentDatasets {
  private readonly file: string;

  constructor(configDir: string) {
    this.file = path.join(configDir, 'recent-datasets.json');
  }

  async list(): Promise<string[]> {
    try {
      const parsed: unknown = JSON.parse(await readFile(this.file, 'utf8'));
      const roots = (parsed as { roots?: unknown } | null)?.roots;
      return Array.isArray(roots) ? roots.filter((root): root is string => typeof root === 'string') : [];
    } catch {
      // Missing or corrupt: start over rather than refuse to start.
      return [];
    }
  }

  async remember(root: string): Promise<void> {
    const roots = [root, ...(await this.list()).filter((known) => known !== root)].slice(0, maxRecent);
    await writeFileAtomic(this.file, `${JSON.stringify({ roots }, null, 2)}\n`);
  }
}
