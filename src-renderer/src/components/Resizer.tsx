// A vertical edge that sets a width (a list's column, a pane beside another): drag it, or focus it
// and press ←/→ (Shift: bigger steps); double-click or Home goes back to the width that fits.
import { useRef } from 'react';

export interface ResizerProps {
  /** The width now (px): what a drag and a key start from, and the separator's value for assistive technology. */
  width: number;
  min: number;
  max: number;
  /** A new width (px), or null: back to the one that fits. */
  onWidth(width: number | null): void;
  label: string;
  className: string;
  testId?: string;
  /** ←/→ move this many px, Shift+←/→ four times as many. */
  step?: number;
}

export function Resizer({ width, min, max, onWidth, label, className, testId, step = 10 }: ResizerProps) {
  const drag = useRef<{ x: number; width: number } | null>(null);
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={Math.round(width)}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      className={className}
      data-testid={testId}
      title="Drag (or ←/→) to resize; double-click to fit"
      onPointerDown={(e) => {
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
        drag.current = { x: e.clientX, width };
      }}
      onPointerMove={(e) => {
        if (drag.current) onWidth(drag.current.width + e.clientX - drag.current.x);
      }}
      onPointerUp={(e) => {
        drag.current = null;
        e.currentTarget.releasePointerCapture(e.pointerId);
      }}
      onDoubleClick={() => onWidth(null)}
      onKeyDown={(e) => {
        const by = e.shiftKey ? 4 * step : step;
        if (e.key === 'ArrowLeft') onWidth(width - by);
        else if (e.key === 'ArrowRight') onWidth(width + by);
        else if (e.key === 'Home') onWidth(null);
        else return;
        e.preventDefault();
        e.stopPropagation();
      }}
    />
  );
}
