// What the clip's player takes and gives: its props, the handle its parent drives it by, and the
// media facts it reports (its own file, so the player's hooks and the player import it alike).

export interface VideoHandle {
  seekFrame(frame: number): Promise<number>;
  play(): void;
  pause(): void;
  isPaused(): boolean;
}

export interface VideoMeta {
  duration: number;
  width: number;
  height: number;
  /** Frame rate measured from presented frames while playing; null until known. */
  measuredFps: number | null;
  /** When the first frame is presented (media seconds; `duration` counts from media time 0): frame 0's time. */
  start: number;
  /** The rate its packets give (null: not read: a clip streamed from its address), to compare with a declared one. */
  packetFps: number | null;
}

export interface VideoPlayerProps {
  src: string | null;
  fps: number;
  /** The task declares no frame rate: the clip's is read from its packets before any step. */
  readsRate?: boolean;
  rate: number;
  /** Inclusive frame range to loop while playing. */
  loop: { start: number; end: number } | null;
  onFrame(frame: number): void;
  onMeta(meta: VideoMeta): void;
  /** The first frame of the current source has been presented. */
  onShown?(): void;
  onPlayingChange(playing: boolean): void;
  onError(message: string): void;
  /** The file ends at `end` seconds, before the `declared` duration: it is cut short. */
  onCutShort?(end: number, declared: number): void;
  /** How many frames the file holds, every packet counted (a clip held in memory only). */
  onFileFrames?(frames: number): void;
}
