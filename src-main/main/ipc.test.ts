import type { IpcMainInvokeEvent } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { ipcInvokeChannel } from '../../shared/api/ipc-channels';
import { studioChannelNames, type StudioHandlers } from '../../shared/api/studio-api';
import { registerStudioIpc } from './ipc';

type Listener = (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>;

function setUp() {
  const registered = new Map<string, Listener>();
  const readText = vi.fn(async (_id: string, path: string) => `content of ${path}`);
  const handlers = { 'datasets.readText': readText } as unknown as StudioHandlers;
  registerStudioIpc({ handle: (channel, listener) => void registered.set(channel, listener as Listener) }, handlers, (url) =>
    url.startsWith('file:///app/index.html'),
  );
  const call = (frameUrl: string | undefined, ...args: unknown[]) =>
    registered.get(ipcInvokeChannel('datasets.readText'))!({ senderFrame: frameUrl ? { url: frameUrl } : null } as never, ...args);
  return { registered, readText, call };
}

describe('registerStudioIpc', () => {
  it('registers every channel of the API under the studio: namespace', () => {
    expect([...setUp().registered.keys()].sort()).toEqual(studioChannelNames.map(ipcInvokeChannel).sort());
  });

  it('calls the handler for a trusted sender with valid arguments', async () => {
    const { call, readText } = setUp();
    await expect(call('file:///app/index.html#/annotate', 'tiny-00000000', 'tasks.jsonl')).resolves.toBe('content of tasks.jsonl');
    expect(readText).toHaveBeenCalledWith('tiny-00000000', 'tasks.jsonl');
  });

  it('refuses other senders before looking at the arguments', async () => {
    const { call, readText } = setUp();
    await expect(call('https://evil.example/', 'tiny-00000000', 'tasks.jsonl')).rejects.toThrow(/^\[forbidden\]/);
    await expect(call(undefined, 'tiny-00000000', 'tasks.jsonl')).rejects.toThrow(/^\[forbidden\]/);
    expect(readText).not.toHaveBeenCalled();
  });

  it('refuses invalid arguments without calling the handler', async () => {
    const { call, readText } = setUp();
    await expect(call('file:///app/index.html', 'tiny-00000000', '../../etc/passwd')).rejects.toThrow(/^\[invalid-args\]/);
    await expect(call('file:///app/index.html', 'tiny-00000000')).rejects.toThrow(/^\[invalid-args\]/);
    expect(readText).not.toHaveBeenCalled();
  });
});
