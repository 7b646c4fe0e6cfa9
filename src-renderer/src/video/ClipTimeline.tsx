// The timeline under a clip: a ruler, a thumbnail filmstrip, a playhead and tracks of frame
// ranges (visual references, each annotator's) and pins (anchored calls). Ctrl+wheel or the
// buttons zoom; a click seeks; a click on a range selects it (when the owner lets it).
import { useEffect, useRef, useState } from 'react';
import type { ClipController } from './clipController';
import { useClipState } from './useClipState';
import { rulerSeconds } from './rulerTicks';
import { useFilmstrip } from './useFilmstrip';
import { TimelineTrack } from './TimelineTrack';
import './clip.css';

const THUMBS = 16;

export interface ClipRange {
  key: string;
  /** Inclusive frames. */
  first: number;
  last: number;
  label: string;
  title: string;
  selected?: boolean;
  /** Drawn as the marked range (Annotate's in/out) rather than a reference. */
  marked?: boolean;
  onSelect?(): void;
}

export interface ClipPin {
  key: string;
  frame: number;
  label: string;
  title: string;
}

export interface ClipTrack {
  id: string;
  /** Short, at the left of the track. */
  label: string;
  /** For assistive technology: 'Visual references track'. */
  name: string;
  ranges?: ClipRange[];
  pins?: ClipPin[];
}

interface Props {
  controller: ClipController;
  src: string | null;
  fps: number;
  tracks: ClipTrack[];
}

export function ClipTimeline({ controller, src, fps, tracks }: Props) {
  const frame = useClipState(controller, (state) => state.frame);
  const total = useClipState(controller, (state) => state.frameCount);
  const clipError = useClipState(controller, (state) => state.clipError);
  const [zoom, setZoom] = useState(1);
  const scroller = useRef<HTMLDivElement>(null);
  const stripFrames = total > 0 && !clipError ? Array.from({ length: THUMBS }, (_, i) => Math.min(total - 1, Math.floor(((i + 0.5) * total) / THUMBS))) : [];
  const thumbs = useFilmstrip(controller, src, stripFrames, fps, 40);

  // Keep the playhead in view when zoomed.
  useEffect(() => {
    const element = scroller.current;
    if (!element || total <= 0 || zoom === 1) return;
    const x = (frame / total) * element.scrollWidth;
    if (x < element.scrollLeft || x > element.scrollLeft + element.clientWidth) element.scrollLeft = x - element.clientWidth / 2;
  }, [frame, total, zoom]);

  const count = Math.max(1, total);
  const pct = (value: number) => `${(value / count) * 100}%`;

  return (
    <section className="timeline clip-timeline" data-testid="timeline" aria-label="Timeline">
      <div className="timeline-tools">
        <button type="button" onClick={() => setZoom((z) => Math.max(1, z / 2))} aria-label="Zoom out">
          −
        </button>
        <span className="muted">{zoom}×</span>
        <button type="button" onClick={() => setZoom((z) => Math.min(32, z * 2))} aria-label="Zoom in">
          +
        </button>
      </div>
      <div
        className="timeline-scroll"
        ref={scroller}
        // Scrolls sideways when zoomed: focusable so the arrow keys can scroll it.
        tabIndex={0}
        role="region"
        aria-label="Timeline (scrolls when zoomed)"
        onWheel={(event) => {
          if (!event.ctrlKey) return;
          event.preventDefault();
          setZoom((z) => (event.deltaY < 0 ? Math.min(32, z * 2) : Math.max(1, z / 2)));
        }}
      >
        <div
          className="timeline-body"
          style={{ width: `${zoom * 100}%` }}
          onMouseDown={(event) => {
            const rect = event.currentTarget.getBoundingClientRect();
            void controller.seekFrame(Math.floor(((event.clientX - rect.left) / rect.width) * count));
          }}
        >
          <div className="ruler">
            {rulerSeconds(count, fps, zoom).map((second) => (
              <span key={second} className="tick" style={{ left: pct(second * fps) }}>
                {second}s
              </span>
            ))}
          </div>
          <div className="filmstrip">
            {thumbs.map((thumb) => (
              <img key={thumb.frame} src={thumb.url} alt="" style={{ left: pct(thumb.frame - count / THUMBS / 2), width: pct(count / THUMBS) }} />
            ))}
          </div>
          {tracks.map((track) => (
            <TimelineTrack key={track.id} track={track} pct={pct} />
          ))}
          <div className="playhead" style={{ left: pct(frame + 0.5) }} />
        </div>
      </div>
    </section>
  );
}
