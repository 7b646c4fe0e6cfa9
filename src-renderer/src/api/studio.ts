// The renderer's access to window.studio. In Electron the preload has exposed it; in a plain
// browser (the browser host) an HTTP implementation of the same API is installed at start.
import type { StudioApi } from '../../../shared/api/studio-api';
import { createHttpStudioApi } from './http-studio-api';

declare global {
  interface Window {
    /** Set by the Electron preload, or by installStudioApi() in a browser. */
    studio?: StudioApi;
  }
}

export function installStudioApi(): StudioApi {
  if (!window.studio) {
    window.studio = createHttpStudioApi();
    // The token has done its job (the server set a cookie); keep it out of history and screenshots.
    const url = new URL(window.location.href);
    if (url.searchParams.has('token')) {
      url.searchParams.delete('token');
      window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    }
  }
  return window.studio;
}

export function studioApi(): StudioApi {
  if (!window.studio) throw new Error('window.studio is not installed: call installStudioApi() first');
  return window.studio;
}
