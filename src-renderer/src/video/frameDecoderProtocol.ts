// Messages between the frame cache (main thread) and its decoder worker.

// One worker serves the clips one after the other; `clip` numbers them, so that what is still in
// flight for a clip left behind is recognised and dropped.

export type ToFrameDecoder =
  /** Open a clip (closing the previous one); frames are scaled to at most `maxWidth` pixels wide. */
  | { type: 'open'; clip: number; blob: Blob; maxWidth: number }
  /** Decode the frames whose timestamps are in [start, end] seconds; supersedes earlier requests. */
  | { type: 'decode'; clip: number; request: number; start: number; end: number }
  /** No clip any more: stop and free the open one. */
  | { type: 'close' };

export type FromFrameDecoder = { clip: number } & (
  /**
   * `end`: where the last whole packet ends (seconds), `declared`: the duration the container
   * says; null when not known. A file cut short (a copy broken off) ends well before it declares.
   */
  | { type: 'opened'; width: number; height: number; end: number | null; declared: number | null }
  /** The clip cannot be decoded here (no video track, unsupported codec, unreadable container). */
  | { type: 'unavailable'; reason: string }
  | { type: 'frame'; request: number; timestamp: number; bitmap: ImageBitmap }
  | { type: 'decoded'; request: number }
  | { type: 'failed'; request: number; reason: string }
);
