import { execFileSync } from 'node:child_process';
import { mkdir, readFile, realpath, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StudioError } from '../../shared/api/studio-error';
import { makeTempDataset, openTempCatalog, type TempDataset } from '../test-support/temp-dataset';
import type { DatasetCatalog } from './dataset-catalog';
import { openMediaFile, resolveMediaFile } from './media-files';
import { clipStatus, looksLikeVideo, resolveFolderClip, videoFolderName, VideoFolders, videoFoldersFile } from './video-folders';

/** An MP4's first box (`ftyp`, brand isom), then filler: enough for the type sniffing. */
const mp4Head = [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d];
const webmHead = [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81];
const clip = Uint8Array.from({ length: 1000 }, (_, i) => (i < mp4Head.length ? mp4Head[i] : i % 256));
const tasks = ['{"id":"a","video":"videos/in-dataset.webm"}', '{"id":"b","video":"videos/retail1.mp4"}', '{"id":"c","video":"videos/Green Pepper.mp4"}', '{"id":"d","video":"videos/retail1.mp4"}'];

let temp: TempDataset;
let root: string;
/** The chosen video folder, beside the dataset. */
let folder: string;
let folders: VideoFolders;

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return StudioError.from(error).code;
  }
  return 'resolved';
}

beforeEach(async () => {
  temp = await makeTempDataset({ 'videos/in-dataset.webm': clip, 'tasks.jsonl': `${tasks.join('\n')}\n` });
  root = await realpath(temp.root);
  folder = path.join(temp.base, 'clips');
  await mkdir(path.join(folder, 'sub'), { recursive: true });
  await writeFile(path.join(folder, 'retail1.mp4'), clip);
  await writeFile(path.join(folder, 'sub', 'deep.mp4'), clip);
  await symlink(temp.secretFile, path.join(folder, 'leak.mp4'));
  await symlink(path.join(folder, 'retail1.mp4'), path.join(folder, 'alias.mp4'));
  await symlink(path.join(folder, 'sub', 'deep.mp4'), path.join(folder, 'subdir.mp4'));
  folders = new VideoFolders(temp.configDir);
});
afterEach(() => temp.cleanup());

describe('videoFolderName', () => {
  it('names the file of videos/<name> only', () => {
    expect(videoFolderName('videos/retail1.mp4')).toBe('retail1.mp4');
    expect(videoFolderName('videos/Green Pepper Chicken.mp4')).toBe('Green Pepper Chicken.mp4');
  });
  it.each(['videos/sub/x.mp4', 'videos/../x.mp4', 'videos/..', 'other/x.mp4', 'x.mp4', '/videos/x.mp4', 'videos\\x.mp4', 'videos/', 'videos/./x'])(
    'refuses %j',
    (p) => expect(videoFolderName(p)).toBeNull(),
  );
});

describe('resolveFolderClip: files directly inside the folder', () => {
  it('serves a plain file and a symlink to a file of the same folder', async () => {
    expect(await resolveFolderClip(folder, 'retail1.mp4')).toBe(path.join(await realpath(folder), 'retail1.mp4'));
    expect(await resolveFolderClip(folder, 'alias.mp4')).toBe(path.join(await realpath(folder), 'retail1.mp4'));
  });
  it('refuses symlinks out of the folder, sub-folders and ".."', async () => {
    expect(await code(resolveFolderClip(folder, 'leak.mp4'))).toBe('forbidden');
    expect(await code(resolveFolderClip(folder, 'subdir.mp4'))).toBe('forbidden');
    expect(await code(resolveFolderClip(folder, 'sub/deep.mp4'))).toBe('forbidden');
    expect(await code(resolveFolderClip(folder, '..'))).toBe('forbidden');
    expect(await code(resolveFolderClip(folder, '../outside-secret.txt'))).toBe('forbidden');
  });
  it('reports a missing file, and a folder is not a clip', async () => {
    expect(await code(resolveFolderClip(folder, 'retail2.mp4'))).toBe('not-found');
    expect(await code(resolveFolderClip(folder, 'sub'))).toBe('forbidden'); // not even named as a video
    await mkdir(path.join(folder, 'folder.mp4'));
    expect(await code(resolveFolderClip(folder, 'folder.mp4'))).toBe('not-found');
  });
});

describe('resolveFolderClip: video files only, by name and by content', () => {
  it('recognises WebM/Matroska and MP4 by their first bytes', () => {
    expect(looksLikeVideo(Uint8Array.from(webmHead))).toBe(true);
    expect(looksLikeVideo(Uint8Array.from(mp4Head))).toBe(true);
    expect(looksLikeVideo(new TextEncoder().encode('root:x:0:0:root:/root:/bin/bash'))).toBe(false);
    expect(looksLikeVideo(new Uint8Array(0))).toBe(false);
    expect(looksLikeVideo(Uint8Array.from([0x1a, 0x45]))).toBe(false);
  });

  it('refuses files not named as videos, and files named as videos that are not', async () => {
    await writeFile(path.join(folder, 'passwd'), 'root:x:0:0:root:/root:/bin/bash\n');
    await writeFile(path.join(folder, 'notes.txt'), 'text');
    await writeFile(path.join(folder, 'fake.mp4'), 'root:x:0:0:root:/root:/bin/bash\n');
    await writeFile(path.join(folder, 'page.html'), '<script>1</script>');
    await writeFile(path.join(folder, 'real.webm'), Uint8Array.from([...webmHead, 1, 2, 3]));
    await writeFile(path.join(folder, 'empty.mp4'), '');
    await symlink(path.join(folder, 'passwd'), path.join(folder, 'passwd-link.mp4'));
    for (const name of ['passwd', 'notes.txt', 'page.html', 'fake.mp4', 'empty.mp4', 'passwd-link.mp4']) {
      expect(await code(resolveFolderClip(folder, name)), name).toBe('forbidden');
    }
    expect(await resolveFolderClip(folder, 'real.webm')).toBe(path.join(await realpath(folder), 'real.webm'));
    expect(await resolveFolderClip(folder, 'retail1.mp4')).toBe(path.join(await realpath(folder), 'retail1.mp4'));
  });

  it('a dataset pointed at /etc does not serve /etc/passwd as videos/passwd', async () => {
    const { catalog, datasetId } = await openTempCatalog(temp);
    await folders.set(root, '/etc');
    for (const name of ['videos/passwd', 'videos/hostname', 'videos/passwd.mp4']) {
      const response = await openMediaFile(catalog, datasetId, name, null, folders);
      expect(response.body, name).toBeNull();
      expect([403, 404], name).toContain(response.status);
    }
    expect((await openMediaFile(catalog, datasetId, 'videos/passwd', null, folders)).status).toBe(403);
  });
});

describe('VideoFolders: per dataset, in the config folder', () => {
  it('remembers, reads back (from a new instance) and forgets a folder', async () => {
    expect(await folders.get(root)).toBeNull();
    expect(await folders.set(root, folder)).toBe(await realpath(folder));
    expect(await new VideoFolders(temp.configDir).get(root)).toBe(await realpath(folder));
    expect(await folders.get('/some/other/dataset')).toBeNull();
    const stored = JSON.parse(await readFile(path.join(temp.configDir, videoFoldersFile), 'utf8'));
    expect(stored).toEqual({ folders: { [root]: await realpath(folder) } });
    expect(await folders.set(root, null)).toBeNull();
    expect(await folders.get(root)).toBeNull();
  });
  it('refuses relative paths, missing folders and files', async () => {
    expect(await code(folders.set(root, 'clips'))).toBe('invalid-args');
    expect(await code(folders.set(root, path.join(temp.base, 'nope')))).toBe('not-found');
    expect(await code(folders.set(root, temp.secretFile))).toBe('invalid-args');
    expect(await folders.get(root)).toBeNull();
  });
  it('reads a corrupt config file as "no folders"', async () => {
    await mkdir(temp.configDir, { recursive: true });
    await writeFile(path.join(temp.configDir, videoFoldersFile), '{not json');
    expect(await folders.get(root)).toBeNull();
    expect(await folders.set(root, folder)).toBe(await realpath(folder));
  });
});

describe('media fallback to the video folder', () => {
  let catalog: DatasetCatalog;
  let datasetId: string;
  beforeEach(async () => {
    ({ catalog, datasetId } = await openTempCatalog(temp));
  });

  it('prefers the dataset file, falls back for videos/<name> only when a folder is set', async () => {
    expect(await resolveMediaFile(root, 'videos/in-dataset.webm', folders)).toBe(path.join(root, 'videos', 'in-dataset.webm'));
    expect(await code(resolveMediaFile(root, 'videos/retail1.mp4', folders))).toBe('not-found');
    await folders.set(root, folder);
    expect(await resolveMediaFile(root, 'videos/retail1.mp4', folders)).toBe(path.join(await realpath(folder), 'retail1.mp4'));
    expect(await code(resolveMediaFile(root, 'videos/retail1.mp4'))).toBe('not-found');
    expect(await code(resolveMediaFile(root, 'retail1.mp4', folders))).toBe('not-found');
    expect(await code(resolveMediaFile(root, 'videos/sub/deep.mp4', folders))).toBe('not-found');
    expect(await code(resolveMediaFile(root, 'videos/leak.mp4', folders))).toBe('forbidden');
    expect(await code(resolveMediaFile(root, 'videos/../../outside-secret.txt', folders))).toBe('forbidden');
  });

  it('streams a folder clip with the same Range support; refused paths answer 403/404', async () => {
    await folders.set(root, folder);
    const partial = await openMediaFile(catalog, datasetId, 'videos/retail1.mp4', 'bytes=100-199', folders);
    expect(partial.status).toBe(206);
    expect(partial.headers['Content-Range']).toBe('bytes 100-199/1000');
    expect(partial.headers['Content-Type']).toBe('video/mp4');
    const chunks: Buffer[] = [];
    for await (const chunk of partial.body!) chunks.push(chunk as Buffer);
    expect(new Uint8Array(Buffer.concat(chunks))).toEqual(clip.slice(100, 200));
    expect((await openMediaFile(catalog, datasetId, 'videos/leak.mp4', null, folders)).status).toBe(403);
    expect((await openMediaFile(catalog, datasetId, 'videos/retail2.mp4', null, folders)).status).toBe(404);
    expect((await openMediaFile(catalog, datasetId, 'videos/retail1.mp4', null)).status).toBe(404);
  });

  it('clipStatus says why a path the dataset never serves is missing: not dataset-relative, or leading out of it', async () => {
    const outside = ['{"id":"e","video":"../secret.mp4"}', '{"id":"f","video":"/etc/x.mp4"}', '{"id":"g","video":"videos/link.mp4"}', '{"id":"h","video":"videos/pipe.webm"}'];
    await symlink(temp.secretFile, path.join(root, 'videos', 'link.mp4'));
    execFileSync('mkfifo', [path.join(root, 'videos', 'pipe.webm')]); // /media never serves it: not found either
    await writeFile(path.join(root, 'tasks.jsonl'), `${[...tasks, ...outside].join('\n')}\n`);
    const status = await clipStatus(root, folders);
    const refused = Object.fromEntries(status.clips.filter((c) => c.refused).map((c) => [c.path, c.refused]));
    expect(refused).toEqual({
      '../secret.mp4': 'Not a dataset-relative path: "../secret.mp4"',
      '/etc/x.mp4': 'Not a dataset-relative path: "/etc/x.mp4"',
      'videos/link.mp4': 'Path leads outside the dataset: videos/link.mp4',
      'videos/pipe.webm': 'Not a regular file (a FIFO, socket or device is never served): videos/pipe.webm',
    });
    expect(status.clips.find((c) => c.path === 'videos/retail1.mp4')).not.toHaveProperty('refused'); // merely missing
    expect(status.missing).toBe(6);
  });

  it('clipStatus lists each expected clip once with where it was found', async () => {
    expect(await clipStatus(root, folders)).toEqual({
      folder: null,
      missing: 2,
      clips: [
        { path: 'videos/Green Pepper.mp4', name: 'Green Pepper.mp4', source: null },
        { path: 'videos/in-dataset.webm', name: 'in-dataset.webm', source: 'dataset' },
        { path: 'videos/retail1.mp4', name: 'retail1.mp4', source: null },
      ],
    });
    await folders.set(root, folder);
    const status = await clipStatus(root, folders);
    expect(status.folder).toBe(await realpath(folder));
    expect(status.missing).toBe(1);
    expect(status.clips.find((c) => c.path === 'videos/retail1.mp4')?.source).toBe('folder');
  });
});
