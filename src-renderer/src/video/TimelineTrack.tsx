// One track of the clip's timeline: its frame ranges, stacked in lanes where they overlap
// (rangeLanes), and its pins.
import type { ClipTrack } from './ClipTimeline';
import { rangeLanes } from './rangeLanes';

/** Height of one lane of ranges (px; clip.css draws a range 14 px high in it). */
const LANE_PX = 18;

export function TimelineTrack({ track, pct }: { track: ClipTrack; pct: (frame: number) => string }) {
  const ranges = track.ranges ?? [];
  const { lanes, count } = rangeLanes(ranges);
  return (
    <div className="track" aria-label={track.name} data-track={track.id} data-lanes={count} style={{ height: count * LANE_PX }}>
      <span className="track-label">{track.label}</span>
      {ranges.map((range, i) => (
        <span
          key={range.key}
          className={`span ${range.marked ? 'marked' : 'ref'}${range.selected ? ' selected' : ''}${range.onSelect ? ' selectable' : ''}`}
          data-range={range.key}
          data-selected={range.selected ? 'true' : undefined}
          title={range.title}
          style={{ left: pct(range.first), width: pct(range.last - range.first + 1), top: 2 + lanes[i] * LANE_PX }}
          onMouseDown={
            range.onSelect
              ? (event) => {
                  event.stopPropagation();
                  range.onSelect!();
                }
              : undefined
          }
        >
          {range.label}
        </span>
      ))}
      {track.pins?.map((pin) => (
        <span key={pin.key} className="pin" title={pin.title} style={{ left: pct(pin.frame) }}>
          {pin.label}
        </span>
      ))}
    </div>
  );
}
