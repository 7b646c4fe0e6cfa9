// A list of tasks to open, Annotate's queue and Adjudicate's list alike: virtualised (only the
// rows in view are in the page: 20,000 tasks drawn whole took 2 s to show and seconds per key
// typed in a search), one Tab stop (the open task, else the first task in view), arrows, Page
// Up/Down, Home and End moving the focus between its tasks (the keymap's 'task-list' scope),
// scrolling to a task not drawn yet, and the open task brought into view when it changes.
import { useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import type { Task } from '../../../shared/format/types';
import type { TaskListRow } from './taskListRows';
import { useTaskListKeys } from './useTaskListKeys';
import { ROW_HEIGHT, useTaskWindow } from './useTaskWindow';
import './task-list.css';

interface Props {
  rows: readonly TaskListRow[];
  openTaskId: string | null;
  onOpen(taskId: string): void;
  /** What a task's row shows after its id (its status, marks). */
  badge(task: Task): ReactNode;
  /** data- attributes of a task's button (its stage, for a test or a style). */
  data?(task: Task): Record<`data-${string}`, string>;
  testId: string;
  /** Said where no task is listed. */
  empty: string;
}

export function TaskList({ rows, openTaskId, onOpen, badge, data, testId, empty }: Props) {
  const tasks = useMemo(() => rows.flatMap((row) => (row.kind === 'task' ? [row.task] : [])), [rows]);
  const rowOfTask = useMemo(() => new Map(rows.flatMap((row, at) => (row.kind === 'task' ? [[row.task.id, at] as const] : []))), [rows]);
  const { scrollRef, virtualizer, reveal, trackFocus } = useTaskWindow(rows, rowOfTask, openTaskId);
  const focusWhenDrawn = useTaskListKeys(tasks, reveal, scrollRef);
  useLayoutEffect(focusWhenDrawn);
  // The open task in view (opened by a key, Ctrl+K or a link, thousands of rows down, or the tasks
  // came after it): not each time a search or a filter changes the rows.
  const revealNow = useRef(reveal);
  useEffect(() => {
    revealNow.current = reveal;
  });
  const listed = rows.length > 0;
  useEffect(() => {
    if (openTaskId !== null && listed) revealNow.current(openTaskId);
  }, [openTaskId, listed]);
  const items = virtualizer.getVirtualItems();
  // One Tab stop: the open task, else the first task in view.
  const firstInView = Math.floor((virtualizer.scrollOffset ?? 0) / ROW_HEIGHT);
  const taskAt = (index: number): string | null => {
    const row = rows[index];
    return row?.kind === 'task' ? row.task.id : null;
  };
  const tabStop =
    openTaskId !== null && rowOfTask.has(openTaskId)
      ? openTaskId
      : (items
          .map((item) => item.index)
          .filter((index) => index >= firstInView)
          .map(taskAt)
          .find((id) => id !== null) ??
        tasks[0]?.id ??
        null);
  return (
    <div data-testid={testId} className="task-list" ref={scrollRef} {...trackFocus}>
      <ul style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index];
          const place = { transform: `translateY(${item.start}px)` };
          // Only some rows are in the page: each says where it stands in the whole list.
          const position = { 'aria-setsize': rows.length, 'aria-posinset': item.index + 1 };
          if (row.kind === 'scenario')
            return (
              <li key={`scenario:${row.scenario}`} className="task-list-row task-group" style={place} {...position}>
                {row.scenario}
              </li>
            );
          const { task } = row;
          const open = task.id === openTaskId;
          return (
            <li key={`task:${task.id}`} className="task-list-row" style={place} {...position}>
              <button
                type="button"
                className={open ? 'task-item active' : 'task-item'}
                aria-current={open ? 'true' : undefined}
                data-task-id={task.id}
                {...data?.(task)}
                tabIndex={task.id === tabStop ? 0 : -1}
                onClick={() => onOpen(task.id)}
              >
                <span title={task.id}>{task.id}</span>
                {badge(task)}
              </button>
            </li>
          );
        })}
      </ul>
      {tasks.length === 0 && <p className="muted task-list-empty">{empty}</p>}
    </div>
  );
}
