// window.studio for the browser host: the same channel map, carried over HTTP. Every call sends
// the run's token as the X-Studio-Token header; media URLs carry a media token signed for their
// path instead (elements such as <video> cannot send headers). See shared/api/web-auth.ts.
import { webMediaUrl } from '../../../shared/api/media-url';
import { buildStudioInvokers, type StudioApi, type StudioChannel } from '../../../shared/api/studio-api';
import { StudioError, isStudioErrorCode } from '../../../shared/api/studio-error';
import { mediaKeyFor, mediaTokenParam, mediaTokenTtlSeconds, signMediaToken, tokenHeader } from '../../../shared/api/web-auth';
import { openEventStream } from './event-stream';
import { requestApiCall, type Fetch, type HttpAnswer } from './http-call';
import type { ApiCaller } from './http-call-off-thread';

/**
 * A media URL is handed out again while it has this much of its life left, so that a page builds
 * the same URL for a clip on every render (the player and the clip cache key on it).
 */
const reuseWhileSecondsLeft = mediaTokenTtlSeconds / 4;

/** Calls that read whole files: their answers can be megabytes, read off the page's thread when a caller for that is given. */
const fileReads: ReadonlySet<StudioChannel> = new Set(['datasets.readText', 'datasets.readVersioned']);

/** The call's value, or the StudioError its answer (or its absence) says. */
export function answerValue(answer: HttpAnswer, name: StudioChannel): unknown {
  if (!answer.reached) throw new StudioError('unreachable', `The studio host cannot be reached (${answer.message})`);
  const body = answer.body as { value?: unknown; error?: { code?: unknown; message?: unknown } } | null;
  if (answer.ok && body && typeof body === 'object' && 'value' in body) return body.value;
  const code = isStudioErrorCode(body?.error?.code) ? body.error.code : 'internal';
  const message = typeof body?.error?.message === 'string' ? body.error.message : `HTTP ${answer.status} from ${name}`;
  throw new StudioError(code, message);
}

/** `readFiles`: where calls that read whole files go (the browser: http-call-off-thread.ts); none: like every other call. */
export function createHttpStudioApi(
  token: string,
  fetchImpl: Fetch = (input, init) => fetch(input, init),
  nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  readFiles?: ApiCaller,
): StudioApi {
  const mediaKey = mediaKeyFor(token);
  const mediaUrls = new Map<string, { url: string; expires: number }>();
  const listeners = new Map<string, Set<(payload: never) => void>>();
  let streaming = false;
  const call = async (name: StudioChannel, args: unknown[]) =>
    answerValue(readFiles && fileReads.has(name) ? await readFiles(name, args) : await requestApiCall(fetchImpl, token, name, args), name);
  /**
   * The datasets this page opened. A host restarted since knows none of them: every call then
   * fails 'not-open' (an adjudicator's Finalize did, on every retry), and the host no longer
   * watches their files (changes stopped reaching the page). Each is opened again when the event
   * stream comes back, and a call that meets 'not-open' opens its dataset and is made once more.
   */
  const opened = new Set<string>();
  const reopen = async (datasetId: string) => {
    await call('datasets.open', [datasetId]);
    opened.add(datasetId);
  };
  const invoke = async (name: StudioChannel, args: unknown[]) => {
    try {
      const value = await call(name, args);
      if (name === 'datasets.open') opened.add(args[0] as string);
      return value;
    } catch (error) {
      const datasetId = args[0];
      if (StudioError.from(error).code !== 'not-open' || name === 'datasets.open' || typeof datasetId !== 'string') throw error;
      await reopen(datasetId).catch(() => {
        throw error; // not offered any more (moved, renamed): the call's own error says what to do
      });
      return call(name, args);
    }
  };
  /**
   * Files may have changed while the host was away, with no watcher to say so (an annotator's draft,
   * a runner's new runs): the views that follow changes read them again, as after a watched change.
   */
  const announceChangesWhileAway = async (datasetId: string) => {
    const annotations = ((await call('datasets.listFiles', [datasetId, 'annotations']).catch(() => [])) as { path: string }[]).map((f) => f.path);
    const paths = [...annotations.filter((p) => p.endsWith('.jsonl')), 'ground_truth.jsonl', 'reviews/', 'trajectories/'];
    listeners.get('annotations.changed')?.forEach((each) => each({ datasetId, paths } as never));
  };
  const streamConnected = (connection: number) => {
    if (connection > 1)
      for (const datasetId of opened)
        void reopen(datasetId).then(
          () => announceChangesWhileAway(datasetId),
          () => opened.delete(datasetId),
        );
  };
  return {
    ...buildStudioInvokers(invoke),
    hostKind: 'web',
    mediaUrl: (datasetId, path) => {
      const key = `${datasetId}\0${path}`;
      const now = nowSeconds();
      const held = mediaUrls.get(key);
      if (held && held.expires - now > reuseWhileSecondsLeft) return held.url;
      const expires = now + mediaTokenTtlSeconds;
      const url = `${webMediaUrl(datasetId, path)}?${mediaTokenParam}=${signMediaToken(mediaKey, datasetId, path, expires)}`;
      mediaUrls.set(key, { url, expires });
      return url;
    },
    onEvent: (name, listener) => {
      // One stream for all events, opened on the first subscription.
      if (!streaming) {
        streaming = true;
        openEventStream(
          fetchImpl,
          '/api/events',
          { [tokenHeader]: token },
          ({ event, data }) => {
            const payload = JSON.parse(data) as never;
            listeners.get(event)?.forEach((each) => each(payload));
          },
          streamConnected,
        );
      }
      const handle = listener as (payload: never) => void;
      const set = listeners.get(name) ?? new Set();
      set.add(handle);
      listeners.set(name, set);
      return () => set.delete(handle);
    },
  };
}
