// datasets.clipStatus and datasets.setVideoFolder through the handlers: who may name a folder,
// what is stored, and the datasets.changed event that makes views reload.
import { mkdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HostKind } from '../../shared/api/studio-api';
import { StudioError } from '../../shared/api/studio-error';
import type { StudioEvents } from '../../shared/api/studio-events';
import { makeTempDataset, openTempCatalog, type TempDataset } from '../test-support/temp-dataset';
import { StudioEventBus } from './event-bus';
import { createStudioHandlers, invokeStudioHandler } from './studio-handlers';
import { VideoFolders } from './video-folders';

let temp: TempDataset;
let folder: string;

beforeEach(async () => {
  temp = await makeTempDataset({ 'tasks.jsonl': '{"id":"a","video":"videos/retail1.mp4"}\n' });
  folder = path.join(temp.base, 'clips');
  await mkdir(folder);
  // The first box of an MP4 (`ftyp`): the folder serves only what starts like a video.
  await writeFile(path.join(folder, 'retail1.mp4'), Uint8Array.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]));
});
afterEach(() => temp.cleanup());

async function host(hostKind: HostKind, chooseFolder?: (title: string) => Promise<string | null>) {
  const { catalog, datasetId } = await openTempCatalog(temp);
  const events = new StudioEventBus();
  const changes: StudioEvents['datasets.changed'][] = [];
  events.subscribe((name, payload) => name === 'datasets.changed' && changes.push(payload as StudioEvents['datasets.changed']));
  const appInfo = { name: 'x', version: '0', platform: 'linux', hostKind, versions: { node: '20' } };
  const handlers = createStudioHandlers({ catalog, events, appInfo, videoFolders: new VideoFolders(temp.configDir), chooseFolder });
  const call = (name: 'datasets.clipStatus' | 'datasets.setVideoFolder', args: unknown[]) => invokeStudioHandler(handlers, name, args);
  return { datasetId, changes, call };
}

const codeOf = (promise: Promise<unknown>) => promise.then(() => 'resolved', (e: unknown) => StudioError.from(e).code);

describe('video folder channels', () => {
  it('browser host: a typed absolute folder is checked, stored and announced', async () => {
    const { datasetId, changes, call } = await host('web');
    expect(await call('datasets.clipStatus', [datasetId])).toMatchObject({ folder: null, missing: 1 });
    expect(await codeOf(call('datasets.setVideoFolder', [datasetId, { kind: 'path', path: 'clips' }]))).toBe('invalid-args');
    expect(await codeOf(call('datasets.setVideoFolder', [datasetId, { kind: 'path', path: path.join(temp.base, 'nope') }]))).toBe('not-found');
    expect(await codeOf(call('datasets.setVideoFolder', [datasetId, { kind: 'dialog' }]))).toBe('invalid-args');
    const status = await call('datasets.setVideoFolder', [datasetId, { kind: 'path', path: folder }]);
    expect(status).toMatchObject({ folder: await realpath(folder), missing: 0 });
    expect(changes).toEqual([{ datasetId, paths: ['videos/retail1.mp4'], reason: 'video-folder' }]);
    expect(await call('datasets.setVideoFolder', [datasetId, { kind: 'clear' }])).toMatchObject({ folder: null, missing: 1 });
  });

  it('desktop: only the host dialog picks the folder; cancel changes nothing', async () => {
    let answer: string | null = null;
    const { datasetId, changes, call } = await host('electron', async () => answer);
    expect(await codeOf(call('datasets.setVideoFolder', [datasetId, { kind: 'path', path: folder }]))).toBe('forbidden');
    expect(await call('datasets.setVideoFolder', [datasetId, { kind: 'dialog' }])).toMatchObject({ folder: null, missing: 1 });
    expect(changes).toEqual([]);
    answer = folder;
    expect(await call('datasets.setVideoFolder', [datasetId, { kind: 'dialog' }])).toMatchObject({ folder: await realpath(folder), missing: 0 });
    expect(changes).toHaveLength(1);
  });

  it('refuses malformed choices before any handler runs', async () => {
    const { datasetId, call } = await host('web');
    expect(await codeOf(call('datasets.setVideoFolder', [datasetId, { kind: 'other' }]))).toBe('invalid-args');
    expect(await codeOf(call('datasets.setVideoFolder', [datasetId, { kind: 'path' }]))).toBe('invalid-args');
    expect(await codeOf(call('datasets.setVideoFolder', [datasetId]))).toBe('invalid-args');
  });
});
