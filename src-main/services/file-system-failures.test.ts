import { mkdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { fileSystemFailure } from './file-system-failures';

/** The error a real call gives (its code set by Node, its message naming the host path). */
const failureOf = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('fileSystemFailure', () => {
  it("says a real error's code in the context's words first, then the common ones, never with the host path", async () => {
    const missing = await failureOf(readFile('/nonexistent-studio-folder/x.jsonl'));
    expect((missing as Error).message).toContain('/nonexistent-studio-folder');
    expect(fileSystemFailure(missing, { ENOENT: 'not found' })).toEqual({ code: 'ENOENT', words: 'not found' });
    expect(fileSystemFailure(missing)).toBeNull(); // no common words for it: what it means depends on the context
    const intoFile = await failureOf(mkdir('/etc/hostname/x'));
    expect(fileSystemFailure(intoFile, { ENOTDIR: 'a folder on its way is a file' })?.words).toBe('a folder on its way is a file');
    expect(fileSystemFailure(Object.assign(new Error('x'), { code: 'ENOSPC' }))).toEqual({ code: 'ENOSPC', words: 'no space left on the disk' });
  });

  it('knows nothing of an error without a code, nor of a code from no table', () => {
    expect(fileSystemFailure(new Error('plain'))).toBeNull();
    expect(fileSystemFailure('text')).toBeNull();
    expect(fileSystemFailure(Object.assign(new Error('x'), { code: 'toString' }))).toBeNull();
  });
});
