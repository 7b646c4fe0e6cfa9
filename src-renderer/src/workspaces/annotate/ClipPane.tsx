// The clip with its transport: play/pause, speed, frame and ten-frame steps, go to frame or
// time, loop a range, mark in/out. The counter shows the frame the video presented.
import { useCallback, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatFps, formatTimecode, frameCount, parseFrameOrTime } from '../../../../shared/frames/frames';
import { studioApi } from '../../api/studio';
import { prefetchClip } from '../../video/clipCache';
import { VideoPlayer, type VideoHandle, type VideoMeta } from '../../video/VideoPlayer';
import { useAnnotateStore, useOpenTask } from './annotateStore';
import { attachClip, clipShownNow, clipSourceChanged, playbackRates, seekFrame, stepFrames, togglePlay } from './clip';
import { useVisibleTasks } from './TaskQueue';

/**
 * Fetches the clips the annotator will probably open next: the first task of the queue while none
 * is open, else the next and previous tasks once the open clip has loaded (so they never compete).
 */
function usePrefetchNeighbours(datasetId: string | null, taskId: string | null, loaded: boolean): void {
  const tasks = useVisibleTasks();
  useEffect(() => {
    if (!datasetId || (taskId !== null && !loaded)) return;
    const index = taskId === null ? -1 : tasks.findIndex((task) => task.id === taskId);
    const neighbours = taskId === null ? tasks.slice(0, 1) : [tasks[index + 1], tasks[index - 1]];
    for (const task of neighbours) if (task) prefetchClip(studioApi().mediaUrl(datasetId, task.video));
  }, [datasetId, taskId, loaded, tasks]);
}

export function ClipPane() {
  const { task, fps } = useOpenTask();
  const { datasetId, total, rate, loop, clipError, set } = useAnnotateStore(
    useShallow((state) => ({
      datasetId: state.datasetId,
      total: state.frameCount,
      rate: state.rate,
      loop: state.loop,
      clipError: state.clipError,
      set: state.set,
    })),
  );
  const src = task && datasetId ? studioApi().mediaUrl(datasetId, task.video) : null;
  usePrefetchNeighbours(datasetId, task?.id ?? null, total > 0 || clipError !== null);
  useEffect(() => clipSourceChanged(), [src]);
  const setHandle = useCallback((next: VideoHandle | null) => attachClip(next), []);
  const onMeta = useCallback(
    (meta: VideoMeta) => {
      const state = useAnnotateStore.getState();
      const mediaFps = task?.fps ? null : meta.measuredFps;
      set({ mediaFps: mediaFps ?? state.mediaFps, frameCount: frameCount(meta.duration, task?.fps ?? mediaFps ?? fps), clipError: null });
    },
    [task, fps, set],
  );
  const onShown = useCallback(() => {
    clipShownNow();
    set({ clipShown: true });
  }, [set]);
  const onFrame = useCallback((presented: number) => set({ frame: presented }), [set]);
  const onPlaying = useCallback((value: boolean) => set({ playing: value }), [set]);
  const onError = useCallback((message: string) => set({ clipError: message }), [set]);

  // The player is mounted before a task is picked (hidden), so the first open only sets a source.
  return (
    <section className={task ? 'clip-pane' : 'clip-pane empty muted'}>
      {!task && 'Pick a task in the queue.'}
      <div className="video-frame" data-testid="video-player" hidden={!task}>
        {/* The player stays mounted under the placeholder: the next task only changes its source. */}
        <VideoPlayer
          ref={setHandle}
          src={src}
          fps={fps}
          rate={rate}
          loop={loop}
          onFrame={onFrame}
          onMeta={onMeta}
          onShown={onShown}
          onPlayingChange={onPlaying}
          onError={onError}
        />
        {task && clipError && (
          <div className="clip-missing" data-testid="clip-missing" role="status">
            <strong>Clip not available</strong>
            <span>{task.video}</span>
            <span className="muted">{clipError}</span>
            <span className="muted">Everything else keeps working: write the calls from the instruction.</span>
          </div>
        )}
      </div>
      {task && <Transport />}
    </section>
  );
}

/** Play/pause, speed, steps, go to frame or time, marks and loop of the open clip. */
function Transport() {
  const { fps } = useOpenTask();
  const { frame, total, playing, rate, loop, markIn, markOut, set } = useAnnotateStore(
    useShallow((state) => ({
      frame: state.frame,
      total: state.frameCount,
      playing: state.playing,
      rate: state.rate,
      loop: state.loop,
      markIn: state.markIn,
      markOut: state.markOut,
      set: state.set,
    })),
  );
  const [goto, setGoto] = useState('');
  return (
    <div className="transport" role="toolbar" aria-label="Clip controls">
      <button type="button" onClick={() => void stepFrames(-10)} title="Back ten frames (C)">
        −10
      </button>
      <button type="button" onClick={() => void stepFrames(-1)} title="Back one frame (D)">
        −1
      </button>
      <button type="button" className="primary" onClick={togglePlay} title="Play or pause (Space)" data-testid="play-toggle">
        {playing ? 'Pause' : 'Play'}
      </button>
      <button type="button" onClick={() => void stepFrames(1)} title="Forward one frame (F)">
        +1
      </button>
      <button type="button" onClick={() => void stepFrames(10)} title="Forward ten frames (V)">
        +10
      </button>
      <span className="frame-counter" title="Frame on screen: while stepping, a decoded frame; once the steps pause, the video presents the same frame (checked with requestVideoFrameCallback)">
        frame <span data-testid="frame-counter">{frame}</span>
        <span className="muted"> / {total > 0 ? total - 1 : '–'}</span>
        <span className="muted timecode" data-testid="timecode" title="SMPTE timecode, non-drop: hours:minutes:seconds:frame">
          {' '}
          {formatTimecode(frame, fps)}
        </span>
        <span className="muted" data-testid="clip-fps">
          {' '}
          · {formatFps(fps)} fps
        </span>
      </span>
      <label className="speed">
        Speed
        <select aria-label="Playback speed" value={rate} onChange={(event) => set({ rate: Number(event.target.value) })}>
          {playbackRates.map((value) => (
            <option key={value} value={value}>
              {value}×
            </option>
          ))}
        </select>
      </label>
      <form
        className="goto"
        onSubmit={(event) => {
          event.preventDefault();
          const target = parseFrameOrTime(goto, fps);
          if (target !== null) void seekFrame(target);
        }}
      >
        <input aria-label="Go to frame or time" placeholder="frame, 00:00:04:12, 4.5s" value={goto} onChange={(event) => setGoto(event.target.value)} size={10} />
      </form>
      <span className="marks">
        <button type="button" onClick={() => set({ markIn: frame })} title="Mark in (I)">
          In {markIn ?? '–'}
        </button>
        <button type="button" onClick={() => set({ markOut: frame })} title="Mark out (O)">
          Out {markOut ?? '–'}
        </button>
        <button
          type="button"
          aria-pressed={loop !== null}
          disabled={markIn === null || markOut === null}
          onClick={() => set({ loop: loop ? null : { start: Math.min(markIn!, markOut!), end: Math.max(markIn!, markOut!) } })}
          title="Loop the marked range (L)"
        >
          Loop
        </button>
      </span>
    </div>
  );
}
