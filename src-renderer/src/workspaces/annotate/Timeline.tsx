// Annotate's tracks on the clip's timeline (video/ClipTimeline.tsx): the visual references with
// the marked range, and the anchored calls.
import { useShallow } from 'zustand/react/shallow';
import { studioApi } from '../../api/studio';
import { ClipTimeline, type ClipTrack } from '../../video/ClipTimeline';
import { noCalls, noRefs, useAnnotateStore, useOpenTask } from './annotateStore';
import { annotateClip } from './clip';

export function Timeline() {
  const { task, fps } = useOpenTask();
  const { datasetId, refs, calls, markIn, markOut } = useAnnotateStore(
    useShallow((state) => ({
      datasetId: state.datasetId,
      refs: state.record?.visual_refs ?? noRefs,
      calls: state.record?.calls ?? noCalls,
      markIn: state.markIn,
      markOut: state.markOut,
    })),
  );
  const src = task && datasetId ? studioApi().mediaUrl(datasetId, task.video) : null;
  const marked = markIn !== null && markOut !== null ? [{ key: 'marked', first: Math.min(markIn, markOut), last: Math.max(markIn, markOut), label: '', title: 'Marked range (I / O)', marked: true }] : [];
  const tracks: ClipTrack[] = [
    {
      id: 'refs',
      label: 'refs',
      name: 'Visual references track',
      ranges: [...refs.map((ref) => ({ key: ref.id, first: ref.start_frame, last: ref.end_frame, label: ref.entity, title: `${ref.entity}: ${ref.description}` })), ...marked],
    },
    {
      id: 'calls',
      label: 'calls',
      name: 'Calls track',
      pins: calls.flatMap((call, index) => (call.frame === null ? [] : [{ key: call.id, frame: call.frame, label: String(index + 1), title: `${index + 1}. ${call.tool_name} at frame ${call.frame}` }])),
    },
  ];
  return <ClipTimeline controller={annotateClip} src={src} fps={fps} tracks={tracks} />;
}
