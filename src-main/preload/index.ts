// Preload: exposes window.studio (typed by shared/api) and nothing else. The renderer never
// sees ipcRenderer. Built as CommonJS with its dependencies bundled, as the sandbox requires.
import { contextBridge, ipcRenderer } from 'electron';
import { ipcEventChannel, ipcInvokeChannel } from '../../shared/api/ipc-channels';
import { electronMediaUrl } from '../../shared/api/media-url';
import { buildStudioInvokers, type StudioApi } from '../../shared/api/studio-api';
import { StudioError } from '../../shared/api/studio-error';
import { isStudioEventName, type StudioEventName } from '../../shared/api/studio-events';

const listeners = new Map<StudioEventName, Set<(payload: unknown) => void>>();

ipcRenderer.on(ipcEventChannel, (_event, name: unknown, payload: unknown) => {
  if (!isStudioEventName(name)) return;
  for (const listener of listeners.get(name) ?? []) listener(payload);
});

const studio: StudioApi = {
  ...buildStudioInvokers(async (name, args) => {
    try {
      return await ipcRenderer.invoke(ipcInvokeChannel(name), ...args);
    } catch (error) {
      // contextBridge keeps only the message; StudioError.from() in the renderer reads the code back.
      throw new Error(StudioError.from(error).toWireMessage(), { cause: error });
    }
  }),
  hostKind: 'electron',
  mediaUrl: (datasetId, path) => electronMediaUrl(datasetId, path),
  onEvent: (name, listener) => {
    if (!isStudioEventName(name)) throw new Error(`Unknown studio event: ${String(name)}`);
    const set = listeners.get(name) ?? new Set();
    set.add(listener as (payload: unknown) => void);
    listeners.set(name, set);
    return () => void set.delete(listener as (payload: unknown) => void);
  },
};

contextBridge.exposeInMainWorld('studio', studio);
