// Folders made on the way to a path, as `mkdir -p` does. Node's own `mkdir(path, { recursive: true })`
// never returns for a missing folder under /proc: procfs answers ENOENT for a child it cannot
// make, which Node's recursive walk takes for a missing parent, makes the parent (EEXIST) and
// tries the child again, for ever, on a thread of libuv's pool (Node 20 and 22, Linux). A path
// comes from a person or a dataset, so here each missing folder is made by a plain mkdir, from
// the nearest one that exists down, and such a path fails with ENOENT instead.
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';

export async function makeFolders(folder: string): Promise<void> {
  const missing: string[] = [];
  for (let at = path.resolve(folder); ; ) {
    let code: string | undefined;
    try {
      await stat(at);
      break; // exists (not a folder: the mkdir below it says ENOTDIR)
    } catch (error) {
      code = (error as NodeJS.ErrnoException).code;
    }
    missing.push(at);
    if (code !== 'ENOENT') break; // ENOTDIR, EACCES...: its mkdir says so, as Node's would
    const parent = path.dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const dir of missing.reverse()) {
    try {
      await mkdir(dir);
    } catch (error) {
      // Made meanwhile by someone else (a second write to the same new folder) is made.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !(await stat(dir)).isDirectory()) throw error;
    }
  }
}
