// Where the renderer fetches dataset media (videos, large files). Each host has its own scheme;
// the renderer gets URLs from window.studio.mediaUrl and never builds them itself.

/** The custom protocol the Electron main process serves dataset files on. */
export const mediaScheme = 'studio-media';

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** `studio-media://<datasetId>/<path>`: the dataset id is the URL host (a standard scheme). */
export function electronMediaUrl(datasetId: string, path: string): string {
  return `${mediaScheme}://${datasetId}/${encodePath(path)}`;
}

/** `/media/<datasetId>/<path>` on the browser host, same origin as the app. */
export function webMediaUrl(datasetId: string, path: string): string {
  return `/media/${encodeURIComponent(datasetId)}/${encodePath(path)}`;
}
