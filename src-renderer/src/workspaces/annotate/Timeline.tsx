// The timeline under the clip: a ruler, a thumbnail filmstrip, a playhead and tracks for the
// visual references and the anchored calls. Ctrl+wheel or the buttons zoom; click seeks.
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { studioApi } from '../../api/studio';
import { clipSource } from '../../video/clipCache';
import { makeFilmstrip, type Thumbnail } from '../../video/filmstrip';
import { noCalls, noRefs, useAnnotateStore, useOpenTask } from './annotateStore';
import { afterClipQuiet, afterClipShown, seekFrame } from './clip';

const THUMBS = 16;

export function Timeline() {
  const { task, fps } = useOpenTask();
  const { datasetId, frame, total, refs, calls, markIn, markOut, clipError } = useAnnotateStore(
    useShallow((state) => ({
      datasetId: state.datasetId,
      frame: state.frame,
      total: state.frameCount,
      refs: state.record?.visual_refs ?? noRefs,
      calls: state.record?.calls ?? noCalls,
      markIn: state.markIn,
      markOut: state.markOut,
      clipError: state.clipError,
    })),
  );
  const [zoom, setZoom] = useState(1);
  const [strip, setStrip] = useState<{ key: string; list: Thumbnail[] }>({ key: '', list: [] });
  const scroller = useRef<HTMLDivElement>(null);
  const src = task && datasetId ? studioApi().mediaUrl(datasetId, task.video) : null;

  useEffect(() => {
    if (!src || total <= 0 || clipError) return;
    const controller = new AbortController();
    const stripKey = `${src}@${total}`;
    const created: string[] = [];
    const frames = Array.from({ length: THUMBS }, (_, i) => Math.min(total - 1, Math.floor(((i + 0.5) * total) / THUMBS)));
    // The player first: its first frame, then a pause in the annotator's steps (the filmstrip's
    // own <video> seeks compete with them for the decoder and the cores).
    const timer = window.setTimeout(() => {
      void afterClipShown()
        .then(() => afterClipQuiet())
        // From the clip the player holds in memory when it does (no second download).
        .then(() => (controller.signal.aborted ? null : clipSource(src)))
        .then((url) => {
          if (!url || controller.signal.aborted) return;
          return makeFilmstrip(url, frames, fps, 40, controller.signal, (thumb) => {
            created.push(thumb.url);
            setStrip((previous) => (previous.key === stripKey ? { key: stripKey, list: [...previous.list, thumb] } : { key: stripKey, list: [thumb] }));
          });
        });
    }, 100);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
      created.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [src, total, fps, clipError]);

  // Keep the playhead in view when zoomed.
  useEffect(() => {
    const element = scroller.current;
    if (!element || total <= 0 || zoom === 1) return;
    const x = (frame / total) * element.scrollWidth;
    if (x < element.scrollLeft || x > element.scrollLeft + element.clientWidth) element.scrollLeft = x - element.clientWidth / 2;
  }, [frame, total, zoom]);

  const count = Math.max(1, total);
  const thumbs = strip.key === `${src}@${total}` ? strip.list : [];
  const pct = (value: number) => `${(value / count) * 100}%`;
  const ticks = Math.max(1, Math.round(count / fps));
  const tickEvery = zoom >= 4 || ticks <= 12 ? 1 : ticks <= 30 ? 2 : 5;

  return (
    <section className="timeline" data-testid="timeline" aria-label="Timeline">
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
            void seekFrame(Math.floor(((event.clientX - rect.left) / rect.width) * count));
          }}
        >
          <div className="ruler">
            {Array.from({ length: Math.floor(ticks / tickEvery) + 1 }, (_, i) => i * tickEvery).map((second) => (
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
          <div className="track" aria-label="Visual references track">
            <span className="track-label">refs</span>
            {refs.map((ref) => (
              <span key={ref.id} className="span ref" title={`${ref.entity}: ${ref.description}`} style={{ left: pct(ref.start_frame), width: pct(ref.end_frame - ref.start_frame + 1) }}>
                {ref.entity}
              </span>
            ))}
            {markIn !== null && markOut !== null && (
              <span className="span marked" style={{ left: pct(Math.min(markIn, markOut)), width: pct(Math.abs(markOut - markIn) + 1) }} />
            )}
          </div>
          <div className="track" aria-label="Calls track">
            <span className="track-label">calls</span>
            {calls.map((call, index) =>
              call.frame === null ? null : (
                <span key={call.id} className="pin" title={`${index + 1}. ${call.tool_name} at frame ${call.frame}`} style={{ left: pct(call.frame) }}>
                  {index + 1}
                </span>
              ),
            )}
          </div>
          <div className="playhead" style={{ left: pct(frame + 0.5) }} />
        </div>
      </div>
    </section>
  );
}
