// The task's clip while adjudicating (the studio's one clip component): both annotators' visual
// references as two tracks, so a disputed entity is settled by looking. A click on a range shows
// its first frame and selects it.
import { useState } from 'react';
import type { Annotation } from '../../../shared/format/types';
import { resolveFps, validFps } from '../../../shared/frames/frames';
import { studioApi } from '../api/studio';
import { Clip } from '../video/Clip';
import { ClipController } from '../video/clipController';
import { ClipTimeline, type ClipTrack } from '../video/ClipTimeline';
import { refRanges } from '../video/refRanges';
import { useClipState } from '../video/useClipState';
import { useAgreementData } from './agreementData';

interface Props {
  datasetId: string;
  taskId: string;
  names: [string, string];
  a: Annotation;
  b: Annotation;
}

export function AdjudicationClip({ datasetId, taskId, names, a, b }: Props) {
  const task = useAgreementData((state) => state.dataset?.tasks.get(taskId) ?? null);
  // One controller for this view's player.
  const [controller] = useState(() => new ClipController());
  const [selected, setSelected] = useState<string | null>(null);
  const mediaFps = useClipState(controller, (state) => state.mediaFps);
  if (!task?.video) return null;
  const fps = resolveFps(task.fps, mediaFps);
  const src = studioApi().mediaUrl(datasetId, task.video);
  const track = (side: 'a' | 'b', name: string, annotation: Annotation): ClipTrack => ({
    id: side,
    label: name,
    name: `${name}'s visual references`,
    ranges: refRanges(annotation.visual_refs, fps, selected?.startsWith(`${side}:`) ? selected.slice(2) : null, (ref) => {
      setSelected(`${side}:${ref.id}`);
      const range = refRanges([ref], fps)[0];
      if (range) void controller.seekFrame(range.first);
    }),
  });
  return (
    <details className="adjudication-clip" data-testid="adjudication-clip" open>
      <summary>Clip · {task.video}</summary>
      <Clip controller={controller} src={src} fps={fps} declaredFps={validFps(task.fps) ?? undefined} videoName={task.video} />
      <ClipTimeline controller={controller} src={src} fps={fps} tracks={[track('a', names[0], a), track('b', names[1], b)]} />
    </details>
  );
}
