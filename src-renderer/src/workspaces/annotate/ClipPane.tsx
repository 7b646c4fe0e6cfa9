// The open task's clip (the studio's one clip component, video/Clip.tsx) with Annotate's marks:
// mark in/out and loop the marked range.
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { studioApi } from '../../api/studio';
import { Clip } from '../../video/Clip';
import { prefetchClip } from '../../video/clipCache';
import { useAnnotateStore, useOpenTask } from './annotateStore';
import { annotateClip } from './clip';
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
  const datasetId = useAnnotateStore((state) => state.datasetId);
  const loaded = useAnnotateStore((state) => state.frameCount > 0 || state.clipError !== null);
  const src = task && datasetId ? studioApi().mediaUrl(datasetId, task.video) : null;
  usePrefetchNeighbours(datasetId, task?.id ?? null, loaded);
  // The player is mounted before a task is picked (hidden), so the first open only sets a source.
  return (
    <Clip
      controller={annotateClip}
      src={src}
      fps={fps}
      declaredFps={task?.fps}
      videoName={task?.video ?? ''}
      empty={task ? undefined : 'Pick a task in the queue.'}
      extras={<Marks />}
      missingHint="Everything else keeps working: write the calls from the instruction."
    />
  );
}

/** Mark in, mark out and loop the marked range. */
function Marks() {
  const { loop, markIn, markOut, markAt, toggleLoop, noClip } = useAnnotateStore(
    useShallow((state) => ({
      loop: state.loop,
      markIn: state.markIn,
      markOut: state.markOut,
      markAt: state.markAt,
      toggleLoop: state.toggleLoop,
      noClip: state.clipError !== null,
    })),
  );
  return (
    <span className="marks">
      <button type="button" disabled={noClip} onClick={() => markAt('in', annotateClip.intendedFrame())} title="Mark in (I)">
        In {markIn ?? '–'}
      </button>
      <button type="button" disabled={noClip} onClick={() => markAt('out', annotateClip.intendedFrame())} title="Mark out (O)">
        Out {markOut ?? '–'}
      </button>
      <button
        type="button"
        aria-pressed={loop !== null}
        disabled={noClip || markIn === null || markOut === null}
        onClick={toggleLoop}
        title="Loop the marked range (L)"
      >
        Loop
      </button>
    </span>
  );
}
