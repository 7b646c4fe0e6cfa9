// The renderer's access to window.studio. In Electron the preload has exposed it; in a plain
// browser (the browser host) an HTTP implementation of the same API is installed at start.
import type { StudioApi } from '../../../shared/api/studio-api';
import { offThreadCaller } from './http-call-off-thread';
import { createHttpStudioApi } from './http-studio-api';

declare global {
  interface Window {
    /** Set by the Electron preload, or by installStudioApi() in a browser. */
    studio?: StudioApi;
  }
}

/** Where the tab keeps the browser host's token: this tab only, gone when it closes. */
export const tokenStorageKey = 'egostudio.token';

/**
 * The token the host printed (`?token=`), taken out of the address bar (history, screenshots,
 * bookmarks) into the tab's sessionStorage, where a reload finds it again.
 */
export function takeToken(location: Location, storage: Storage, history: History): string {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    storage.setItem(tokenStorageKey, fromUrl);
    url.searchParams.delete('token');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return storage.getItem(tokenStorageKey) ?? '';
}

export function installStudioApi(): StudioApi {
  if (!window.studio) {
    const token = takeToken(window.location, window.sessionStorage, window.history);
    const fetchHere = (input: string, init: RequestInit) => fetch(input, init);
    window.studio = createHttpStudioApi(token, fetchHere, undefined, offThreadCaller(token, fetchHere));
  }
  return window.studio;
}

export function studioApi(): StudioApi {
  if (!window.studio) throw new Error('window.studio is not installed: call installStudioApi() first');
  return window.studio;
}
