// The task's brief as Annotate and Adjudicate show it: the instruction and the image description.
// Where the space is short (Annotate keeps the clip in view on a 1280x720 screen) it scrolls in
// itself, and says when more is below: the image description, its last line, was cut off unseen.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Task } from '../../../shared/format/types';
import './task-brief.css';

export function TaskBrief({ task, heading, testId }: { task: Pick<Task, 'instruction' | 'image_description'>; heading?: ReactNode; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  const measure = useCallback(() => {
    const element = box.current;
    if (element) setMore(element.scrollTop + element.clientHeight < element.scrollHeight - 1);
  }, []);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure, task]);
  return (
    <div className="task-brief" data-testid={testId} data-more={more ? 'true' : undefined} tabIndex={0} role="region" aria-label="Task brief" ref={box} onScroll={measure}>
      {heading && <div>{heading}</div>}
      <div>
        <span className="muted">Instruction</span> {task.instruction}
      </div>
      {task.image_description && (
        <div>
          <span className="muted">Image</span> {task.image_description}
        </div>
      )}
    </div>
  );
}
