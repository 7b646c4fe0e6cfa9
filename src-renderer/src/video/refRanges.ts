// Visual references (seconds in the file, SPEC §5) as frame ranges on the clip's timeline.
import type { VisualRef } from '../../../shared/format/types';
import { secondsToFrameRange } from '../../../shared/frames/frames';
import type { ClipRange } from './ClipTimeline';

/** The reference's inclusive frames, or null when it has no times (imported EgoBench references). */
export function refFrames(ref: Pick<VisualRef, 'start' | 'end'>, fps: number): { first: number; last: number } | null {
  if (typeof ref.start !== 'number' || typeof ref.end !== 'number') return null;
  return secondsToFrameRange(ref.start, ref.end, fps);
}

/** Ranges for the references that have times; `selected` is drawn selected, `onSelect` makes them clickable. */
export function refRanges(refs: readonly VisualRef[], fps: number, selected: string | null = null, onSelect?: (ref: VisualRef) => void): ClipRange[] {
  return refs.flatMap((ref) => {
    const frames = refFrames(ref, fps);
    if (!frames) return [];
    return [{ key: ref.id, ...frames, label: ref.entity, title: `${ref.entity}: ${ref.description} (frames ${frames.first}–${frames.last})`, selected: ref.id === selected, onSelect: onSelect && (() => onSelect(ref)) }];
  });
}
