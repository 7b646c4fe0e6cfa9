// Test helpers: write a dataset folder from a map of files, and run the real egostudio command.
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

export async function writeDatasetFolder(root: string, files: Record<string, string | Uint8Array>): Promise<string> {
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  return root;
}

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '../cli/egostudio.mjs');

/** Runs `egostudio ...args` in a child process; never throws on a non-zero exit. */
export async function runEgostudio(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { maxBuffer: 1 << 26 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
