// Messages between the frame cache (main thread) and its decoder worker.

// One worker serves the clips one after the other; `clip` numbers them, so that what is still in
// flight for a clip left behind is recognised and dropped.

export type ToFrameDecoder =
  /** Open a clip (closing the previous one); frames are scaled to at most `maxWidth` pixels wide. */
  | { type: 'open'; clip: number; blob: Blob; maxWidth: number }
  /** Decode the frames whose timestamps are in [start, end] seconds; supersedes earlier requests. */
  | { type: 'decode'; clip: number; request: number; start: number; end: number }
  /** No clip any more: stop and free the open one. */
  | { type: 'close' }
  /** How far the packets of `blob` reach and what it declares, read without decoding (the open clip is left as it is). */
  | { type: 'probe'; probe: number; blob: Blob }
  /** How many frames (video packets) `blob` holds, all of them listed or read; nothing decoded. */
  | { type: 'count'; probe: number; blob: Blob };

/**
 * `end`: where the last whole packet ends (seconds; 0 when the file holds none), `declared`: the
 * duration the container says; null when not known. A file cut short (a copy broken off) ends
 * well before it declares. `fps`: the frame rate its first packets' timestamps give (null: none
 * found), known before the clip is played. `start`: when its first frame is presented (seconds;
 * 0 when at 0, before 0 or not known), the origin of its frames on the media timeline.
 */
export interface ClipLength {
  end: number | null;
  declared: number | null;
  fps: number | null;
  start: number;
}

export type FromFrameDecoder = ClipMessage | ({ type: 'probed'; probe: number } & ClipLength) | { type: 'counted'; probe: number; frames: number | null };

/** What the decoder says of the open clip (numbered, so that a message of a clip left behind is dropped). */
export type ClipMessage = { clip: number } & (
  | { type: 'opened'; width: number; height: number }
  /** The clip cannot be decoded here (no video track, unsupported codec, unreadable container). */
  | { type: 'unavailable'; reason: string }
  | { type: 'frame'; request: number; timestamp: number; bitmap: ImageBitmap }
  | { type: 'decoded'; request: number }
  | { type: 'failed'; request: number; reason: string }
);
