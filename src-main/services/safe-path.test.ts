import { mkdir, readdir, realpath, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDataset, type TempDataset } from '../test-support/temp-dataset';
import { resolveExisting, resolveWritable } from './safe-path';

let temp: TempDataset;
let root: string;

beforeEach(async () => {
  temp = await makeTempDataset({ 'tasks.jsonl': '{}\n', 'videos/clip.webm': 'x' });
  root = await realpath(temp.root);
  await symlink(temp.secretFile, path.join(root, 'link-out.txt'));
  await symlink(temp.base, path.join(root, 'dir-out'));
  await symlink(path.join(root, 'tasks.jsonl'), path.join(root, 'link-in.jsonl'));
});
afterEach(() => temp.cleanup());

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: { code?: string }) => error.code,
  );

describe('resolveExisting', () => {
  it('allows files inside the dataset, also through symlinks that stay inside', async () => {
    await expect(resolveExisting(root, 'tasks.jsonl', 'file')).resolves.toBe(path.join(root, 'tasks.jsonl'));
    await expect(resolveExisting(root, 'videos/clip.webm', 'file')).resolves.toBe(path.join(root, 'videos/clip.webm'));
    await expect(resolveExisting(root, 'link-in.jsonl', 'file')).resolves.toBe(path.join(root, 'tasks.jsonl'));
    await expect(resolveExisting(root, '', 'dir')).resolves.toBe(root);
  });

  it('says a listed name that is not UTF-8 is why it is not found (Linux lists it with U+FFFD)', async () => {
    await writeFile(Buffer.concat([Buffer.from(`${root}/caf`), Buffer.from([0xe9]), Buffer.from('.jsonl')]), '{}\n');
    const [listed] = (await readdir(root)).filter((name) => name.startsWith('caf'));
    expect(listed).toBe('caf\uFFFD.jsonl');
    await expect(resolveExisting(root, listed, 'file')).rejects.toMatchObject({ code: 'not-found', message: `Its name is not UTF-8, so it cannot be opened by name (rename it): ${listed}` });
    await expect(resolveExisting(root, 'gone.jsonl', 'file')).rejects.toMatchObject({ message: 'No such file in the dataset: gone.jsonl' });
  });

  it('says a name longer than the file system takes is the caller\'s mistake, without the host\'s absolute path (a 500 echoed it)', async () => {
    const long = `${'a'.repeat(300)}.jsonl`;
    // Each made when awaited: a rejection waiting in an array behind another's await is unhandled.
    const attempts = [() => resolveExisting(root, long, 'file'), () => resolveWritable(root, long), () => resolveWritable(root, `videos/${long}`), () => resolveExisting(root, `${long}/x.jsonl`, 'file')];
    for (const attempt of attempts) {
      const error = await attempt().then(() => null, (e: unknown) => e as { code: string; message: string });
      expect(error).toMatchObject({ code: 'invalid-args', message: expect.stringContaining('longer than the file system allows') });
      expect(error!.message).not.toContain(root);
    }
  });

  it('refuses .., absolute paths and backslashes', async () => {
    expect(await codeOf(resolveExisting(root, '../outside-secret.txt', 'file'))).toBe('forbidden');
    expect(await codeOf(resolveExisting(root, 'videos/../../outside-secret.txt', 'file'))).toBe('forbidden');
    expect(await codeOf(resolveExisting(root, temp.secretFile, 'file'))).toBe('forbidden');
    expect(await codeOf(resolveExisting(root, '..\\outside-secret.txt', 'file'))).toBe('forbidden');
    expect(await codeOf(resolveExisting(root, '..', 'dir'))).toBe('forbidden');
  });

  it('refuses symlinks that resolve outside the dataset', async () => {
    expect(await codeOf(resolveExisting(root, 'link-out.txt', 'file'))).toBe('forbidden');
    expect(await codeOf(resolveExisting(root, 'dir-out/outside-secret.txt', 'file'))).toBe('forbidden');
  });

  it('reports missing files as not-found', async () => {
    expect(await codeOf(resolveExisting(root, 'nope.json', 'file'))).toBe('not-found');
  });
});

describe('resolveWritable', () => {
  it('allows new files in new folders inside the dataset', async () => {
    await expect(resolveWritable(root, 'annotations/ann-1.jsonl')).resolves.toBe(path.join(root, 'annotations/ann-1.jsonl'));
  });

  it('refuses escapes, writing through symlinks, and folders reached through symlinks out', async () => {
    expect(await codeOf(resolveWritable(root, '../evil.txt'))).toBe('forbidden');
    expect(await codeOf(resolveWritable(root, '/tmp/evil.txt'))).toBe('forbidden');
    expect(await codeOf(resolveWritable(root, 'link-out.txt'))).toBe('forbidden');
    expect(await codeOf(resolveWritable(root, 'link-in.jsonl'))).toBe('forbidden');
    expect(await codeOf(resolveWritable(root, 'dir-out/new-folder/evil.txt'))).toBe('forbidden');
  });

  it('refuses to replace a folder with a file', async () => {
    await mkdir(path.join(root, 'annotations'));
    await writeFile(path.join(root, 'annotations', 'a.jsonl'), '');
    expect(await codeOf(resolveWritable(root, 'annotations'))).toBe('forbidden');
  });
});
