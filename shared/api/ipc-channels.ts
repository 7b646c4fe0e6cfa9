// Electron IPC channel names of the studio API. Namespaced so they cannot collide with
// Electron's own or a library's channels.
import type { StudioChannel } from './studio-api';

export function ipcInvokeChannel(name: StudioChannel): string {
  return `studio:${name}`;
}

/** Main -> renderer StudioEvents travel on this one channel as (eventName, payload). */
export const ipcEventChannel = 'studio:event';
