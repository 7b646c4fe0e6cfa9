// A VideoPlayer's source: a new state object for every source change, so that work begun for one
// clip (a seek waiting for its metadata) can tell that its clip has been replaced.

/** What the player knows about the source it is showing; replaced on every source change. */
export interface SourceState {
  src: string | null;
  /** The absolute URL handed to the player for it (a blob: URL or the clip's own). */
  loaded: string | null;
  times: number[];
  measured: number | null;
  /**
   * When its first frame is presented (media seconds), from its packets: 0 until they are read,
   * and for good for a clip streamed from its address rather than held in memory (not probed).
   */
  start: number;
  /** Its frame rate as its packets give it (null: not read), whether or not the task declares one. */
  packetFps: number | null;
  shown: boolean;
  /**
   * Resolves once this source's metadata is in the element (or it failed, or was replaced): seeks
   * wait for it. A clip that is not in memory yet downloads first, and until then the element
   * still holds the clip before, which steps must not move.
   */
  ready: Promise<void>;
  markReady(): void;
}

/** A source's state, its readiness pending (resolved at once for no source). */
export function sourceState(src: string | null): SourceState {
  let markReady = () => undefined as void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  if (src === null) markReady();
  return { src, loaded: null, times: [], measured: null, start: 0, packetFps: null, shown: false, ready, markReady };
}
