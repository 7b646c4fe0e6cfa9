// Files the CLI writes (--json, --provenance, report's --out): never half-written (a full disk or a
// Ctrl+C left a cut-off report over the good one before it), and never over what the command reads.
import { realpathSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../services/atomic-write';
import { UsageError } from './command-line';

/**
 * Writes `text` to `file` whole or not at all (atomic-write.ts: the old file stays until the new
 * one is on disk). A device or a pipe (`/dev/stdout`, a FIFO) is written as it is: there is no
 * file to replace.
 */
export async function writeOutputFile(file: string, text: string): Promise<void> {
  const existing = statSync(file, { throwIfNoEntry: false });
  if (existing && !existing.isFile()) await writeFile(file, text);
  else await writeFileAtomic(file, text);
}

/**
 * Said before the work, not after it (a minute of scoring lost to a mistyped folder): an output's
 * empty name (the file would silently not be written), a folder that is not there, a folder given
 * as the file. `command`: whose usage to point to, when known.
 */
export function refuseUnwritableOutput(flag: string, file: string | undefined, orElse = '', command?: string): void {
  if (file === undefined) return;
  if (file === '') throw new UsageError(`${flag} needs a file name${orElse}`, command);
  const folder = path.dirname(path.resolve(file));
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`${flag} ${file}: there is no folder ${folder} to write it in`, command);
  if (statSync(file, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`${flag} ${file} is a folder: give the file's name`, command);
}

/** Where a path leads once its links are followed (a file not made yet: its folder's). */
function resolved(file: string): string {
  const absolute = path.resolve(file);
  try {
    return realpathSync(absolute);
  } catch {
    try {
      return path.join(realpathSync(path.dirname(absolute)), path.basename(absolute));
    } catch {
      return absolute;
    }
  }
}

const within = (child: string, parent: string) => {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/**
 * Refuses, before any work, an output file that would replace what the command reads: a file the
 * dataset folder holds (its ground truth, a trajectory file), a file of `--trajectories`, or the
 * other output. `outputs`: [flag, file] pairs (an absent file or `-` is none).
 */
export function refuseOutputsOverInputs(command: string, outputs: readonly [flag: string, file: string | undefined][], dataset: string, inputs: readonly string[] = []): void {
  const root = resolved(dataset);
  const read = inputs.map(resolved);
  const taken = new Map<string, string>();
  for (const [flag, file] of outputs) {
    if (!file || file === '-') continue;
    const target = resolved(file);
    if (within(target, root) && statSync(target, { throwIfNoEntry: false })) throw new UsageError(`${flag} ${file} is a file of the dataset ${dataset}: it would be replaced by the report; give a file outside it`, command);
    if (read.some((input) => within(target, input))) throw new UsageError(`${flag} ${file} is among the trajectories read (--trajectories): give another file`, command);
    const other = taken.get(target);
    if (other) throw new UsageError(`${other} and ${flag} name the same file (${file}): give each its own`, command);
    taken.set(target, flag);
  }
}
