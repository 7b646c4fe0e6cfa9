import { describe, expect, it } from 'vitest';
import { isDatasetRelativePath } from '../format/dataset-path';
import { buildStudioInvokers, isStudioChannel, parseChannelArgs, studioChannelNames } from './studio-api';
import { StudioError } from './studio-error';

function rejection(run: () => unknown): StudioError {
  try {
    run();
  } catch (error) {
    return error as StudioError;
  }
  throw new Error('expected a rejection');
}

describe('dataset-relative paths', () => {
  it.each(['tasks.jsonl', 'videos/a b.webm', 'trajectories/run-1/x.jsonl', 'a.b/c..d'])('accepts %s', (path) => {
    expect(isDatasetRelativePath(path)).toBe(true);
  });
  it.each(['', '../x', 'a/../../x', 'a/..', '/etc/passwd', 'C:/x', 'a\\..\\x', 'a//b', './a', 'a\0b', '.hidden', '.git/config', 'annotations/.alice.jsonl.swp'])('refuses %j', (path) => {
    expect(isDatasetRelativePath(path)).toBe(false);
  });
});

describe('channel argument validators', () => {
  it('passes well-formed arguments through', () => {
    expect(parseChannelArgs('datasets.readText', ['tiny-1a2b3c4d', 'tasks.jsonl'])).toEqual(['tiny-1a2b3c4d', 'tasks.jsonl']);
    expect(parseChannelArgs('datasets.listFiles', ['tiny-1a2b3c4d', ''])).toEqual(['tiny-1a2b3c4d', '']);
    expect(parseChannelArgs('app.info', [])).toEqual([]);
    expect(parseChannelArgs('evaluation.run', ['tiny-1a2b3c4d'])).toEqual(['tiny-1a2b3c4d']);
    expect(parseChannelArgs('audit.run', ['tiny-1a2b3c4d'])).toEqual(['tiny-1a2b3c4d']);
  });

  it('refuses escaping paths with invalid-args, naming the argument', () => {
    const error = rejection(() => parseChannelArgs('datasets.readText', ['tiny-1a2b3c4d', '../secret']));
    expect(error).toBeInstanceOf(StudioError);
    expect(error.code).toBe('invalid-args');
    expect(error.message).toMatch(/argument 1/);
  });

  it('refuses wrong types, wrong arity and malformed dataset ids', () => {
    expect(rejection(() => parseChannelArgs('datasets.open', [42])).code).toBe('invalid-args');
    expect(rejection(() => parseChannelArgs('datasets.open', [])).code).toBe('invalid-args');
    expect(rejection(() => parseChannelArgs('datasets.open', ['a', 'b'])).code).toBe('invalid-args');
    expect(rejection(() => parseChannelArgs('datasets.open', ['Has Spaces/..'])).code).toBe('invalid-args');
    expect(rejection(() => parseChannelArgs('datasets.writeText', ['tiny', 'a.json', null])).code).toBe('invalid-args');
    expect(rejection(() => parseChannelArgs('app.info', 'not an array')).code).toBe('invalid-args');
    expect(rejection(() => parseChannelArgs('evaluation.run', ['../x'])).code).toBe('invalid-args');
    expect(rejection(() => parseChannelArgs('audit.run', ['../x'])).code).toBe('invalid-args');
  });

  it('takes an evaluation run id of letters, digits, - and _, and a trajectory line from 1', () => {
    expect(parseChannelArgs('evaluation.start', ['tiny', 'r1-a_b'])).toEqual(['tiny', 'r1-a_b']);
    expect(rejection(() => parseChannelArgs('evaluation.start', ['tiny', 'r 1'])).code).toBe('invalid-args');
    expect(rejection(() => parseChannelArgs('evaluation.start', ['tiny', ''])).code).toBe('invalid-args');
    expect(parseChannelArgs('evaluation.trajectoryLine', ['tiny', 'trajectories/a.jsonl', 3])).toEqual(['tiny', 'trajectories/a.jsonl', 3]);
    expect(rejection(() => parseChannelArgs('evaluation.trajectoryLine', ['tiny', 'trajectories/a.jsonl', 0])).code).toBe('invalid-args');
    expect(rejection(() => parseChannelArgs('evaluation.trajectoryLine', ['tiny', '../a.jsonl', 1])).code).toBe('invalid-args');
  });

  it('takes a video folder choice as dialog, typed path or clear', () => {
    expect(parseChannelArgs('datasets.setVideoFolder', ['tiny-1a2b3c4d', { kind: 'dialog' }])).toEqual(['tiny-1a2b3c4d', { kind: 'dialog' }]);
    expect(parseChannelArgs('datasets.setVideoFolder', ['tiny-1a2b3c4d', { kind: 'path', path: '/v' }])[1]).toEqual({ kind: 'path', path: '/v' });
    expect(rejection(() => parseChannelArgs('datasets.setVideoFolder', ['tiny-1a2b3c4d', { kind: 'path' }])).code).toBe('invalid-args');
    expect(rejection(() => parseChannelArgs('datasets.setVideoFolder', ['tiny-1a2b3c4d', '/v'])).code).toBe('invalid-args');
    expect(rejection(() => parseChannelArgs('datasets.clipStatus', ['../x'])).code).toBe('invalid-args');
  });

  it('knows its channel names and nothing else', () => {
    expect(isStudioChannel('datasets.list')).toBe(true);
    expect(isStudioChannel('toString')).toBe(false);
    expect(isStudioChannel('datasets.delete')).toBe(false);
  });
});

describe('buildStudioInvokers', () => {
  it('exposes every channel as namespace.method and forwards name and arguments', async () => {
    const calls: unknown[] = [];
    const api = buildStudioInvokers(async (name, args) => {
      calls.push([name, args]);
      return 'ok';
    });
    await expect(api.datasets.readText('tiny', 'a.json')).resolves.toBe('ok');
    expect(calls).toEqual([['datasets.readText', ['tiny', 'a.json']]]);
    for (const name of studioChannelNames) {
      const [namespace, method] = name.split('.');
      expect(typeof (api as unknown as Record<string, Record<string, unknown>>)[namespace][method]).toBe('function');
    }
  });
});

describe('StudioError over the wire', () => {
  it('recovers the code from an Electron invoke rejection message', () => {
    const wire = new StudioError('forbidden', 'Path leads outside the dataset: x').toWireMessage();
    const received = new Error(`Error invoking remote method 'studio:datasets.readText': Error: ${wire}`);
    const error = StudioError.from(received);
    expect(error.code).toBe('forbidden');
    expect(error.message).toBe('Path leads outside the dataset: x');
  });

  it('treats anything else as internal', () => {
    expect(StudioError.from(new Error('boom')).code).toBe('internal');
  });
});
