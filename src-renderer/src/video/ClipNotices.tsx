// What the clip pane says of a file it cannot show, or shows only in part.
import { formatTimecode, frameCount } from '../../../shared/frames/frames';
import type { ClipState } from './clipController';

type CutShort = NonNullable<ClipState['clipCutShort']>;

/** Why the clip cannot be shown at all (its error, or a file with no frame), or null. */
export function unavailableReason(clipError: string | null, cutShort: CutShort | null, fps: number): string | null {
  // A file that ends right after its header has no frame to show: the <video> reports no error and stays black.
  return (
    clipError ?? (cutShort && frameCount(cutShort.end, fps) === 0 ? `The file ends after its header: none of the ${cutShort.declared} s it declares is there (a copy broken off? copy the file again).` : null)
  );
}

/** The placeholder over the player: the clip is not available, why, and what can still be done. */
export function ClipUnavailable({ videoName, reason, hint }: { videoName: string; reason: string; hint?: string }) {
  return (
    <div className="clip-missing" data-testid="clip-missing" role="status">
      <strong>Clip not available</strong>
      <span>{videoName}</span>
      <span className="muted">{reason}</span>
      {hint && <span className="muted">{hint}</span>}
    </div>
  );
}

/**
 * The task declares a rate its clip's frames do not come at (more than 0.5% apart: 29.97 for 30
 * passes). The declared rate is used (README), so frame numbers are not the file's own: said, so the
 * dataset's fps gets corrected rather than references written against the wrong frames.
 */
export function rateMismatch(declaredFps: number | undefined, packetFps: number | null): number | null {
  if (!declaredFps || !packetFps) return null;
  return Math.abs(declaredFps - packetFps) / packetFps > 0.005 ? packetFps : null;
}

export function RateMismatchNotice({ videoName, declaredFps, packetFps }: { videoName: string; declaredFps: number; packetFps: number }) {
  const own = Number(packetFps.toFixed(3));
  return (
    <p className="clip-cut-short" data-testid="clip-rate-mismatch" role="status">
      <strong>The task says {declaredFps} fps; {videoName} runs at {own} fps.</strong> Frames here are counted at the task's {declaredFps} fps, so
      frame numbers and steps do not name the file's own frames: correct the task's <code>fps</code> in tasks.jsonl (or remove it to use the clip's own rate).
    </p>
  );
}

/**
 * The clip counts other frames than its file holds (more than one apart): a variable frame rate
 * (frames at 1/15 s among frames at 1/30 s are counted as time slots, every other step then shows
 * the same picture), or frames past the length its header declares, which the player cannot reach.
 */
export function frameCountMismatch(counted: number, fileFrames: number | null): boolean {
  return fileFrames !== null && counted > 0 && Math.abs(counted - fileFrames) > 1;
}

export function FrameCountNotice({ videoName, counted, fileFrames, fps }: { videoName: string; counted: number; fileFrames: number; fps: number }) {
  return (
    <p className="clip-cut-short" data-testid="clip-frame-mismatch" role="status">
      <strong>
        {videoName} holds {fileFrames} frames; the clip counts {counted} at {Number(fps.toFixed(3))} fps.
      </strong>{' '}
      {counted > fileFrames
        ? 'Its frames do not come at one steady rate: frame numbers here are 1/fps time slots, and some steps show the same picture. Re-encode it at a constant frame rate for frame-exact work.'
        : 'Frames lie past the length its header declares, which the player cannot reach (re-mux or re-encode it).'}
    </p>
  );
}

/** Under the player: the file breaks off before the duration it declares, and where. */
export function CutShortNotice({ videoName, cutShort, fps }: { videoName: string; cutShort: CutShort; fps: number }) {
  return (
    <p className="clip-cut-short" data-testid="clip-cut-short" role="status">
      <strong>{videoName} is cut short:</strong> it breaks off near frame {frameCount(cutShort.end, fps) - 1} ({formatTimecode(frameCount(cutShort.end, fps), fps)}),
      well before the {cutShort.declared} s it declares (a copy broken off?). Past that the clip shows the last frame it has: copy the file again.
    </p>
  );
}
