// Readers (the studio itself, the CLI, a text editor) must never see a half-written file:
// write a temporary file in the same folder, flush it, then rename it over the target.
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** Temporary files carry this suffix so folder listings can skip them. */
export const atomicTempSuffix = '.studio-tmp';

export function isAtomicTempFile(name: string): boolean {
  return name.startsWith('.') && name.endsWith(atomicTempSuffix);
}

export async function writeFileAtomic(target: string, data: string | Uint8Array): Promise<void> {
  const folder = path.dirname(target);
  await mkdir(folder, { recursive: true });
  const temp = path.join(folder, `.${path.basename(target)}.${randomBytes(6).toString('hex')}${atomicTempSuffix}`);
  const handle = await open(temp, 'wx');
  try {
    await handle.writeFile(data);
    await handle.datasync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
