// The transport's "Go to" field: a frame number or a time (00:00:04:12, 4.5s), and why it cannot
// go there when it cannot.
import { useId, useState } from 'react';
import { parseFrameOrTime } from '../../../shared/frames/frames';
import type { ClipController } from './clipController';

/** Go to a frame or time of the clip (`total` frames, 0 while unknown). */
export function GoToFrame({ controller, fps, total, disabled = false }: { controller: ClipController; fps: number; total: number; disabled?: boolean }) {
  const [goto, setGoto] = useState('');
  const [gotoError, setGotoError] = useState<string | null>(null);
  const gotoErrorId = useId();
  return (
    <form
      className="goto"
      onSubmit={(event) => {
        event.preventDefault();
        const target = parseFrameOrTime(goto, fps);
        setGotoError(gotoProblem(goto, target, total));
        if (target !== null && (total === 0 || target < total)) void controller.seekFrame(target);
      }}
    >
      <input
        aria-label="Go to frame or time"
        placeholder="frame, 00:00:04:12, 4.5s"
        value={goto}
        onChange={(event) => {
          setGoto(event.target.value);
          setGotoError(null);
        }}
        size={10}
        disabled={disabled}
        aria-invalid={gotoError !== null}
        aria-describedby={gotoError ? gotoErrorId : undefined}
        data-testid="goto-frame"
      />
      {gotoError && (
        <span className="goto-error" id={gotoErrorId} role="alert" data-testid="goto-error">
          {gotoError}
        </span>
      )}
    </form>
  );
}

/** Why "Go to" cannot go where it was asked (text it cannot read, a frame past the clip's end), or null. */
export function gotoProblem(text: string, target: number | null, total: number): string | null {
  if (text.trim() === '') return null;
  if (target === null) return `Not a frame or time: use 120, 00:00:04:12 or 4.5s`;
  if (total > 0 && target >= total) return `Past the end: the last frame is ${total - 1}`;
  return null;
}
