// The trajectory list from the keyboard. While the list has the focus, the arrows, Page
// Up/Down and Home/End open the next, previous, a page away, first or last trajectory of the list
// as it is filtered and sorted; from anywhere in Replay, Shift+J and Shift+K open the next and the
// previous one (the triage loop: look at a run, go on to the next).
import { useEffect, useRef } from 'react';
import { useHotkeyAction } from '../../../hotkeys/useHotkeys';
import { askRunArrivalFocus } from '../arrivalFocus';

export type ListMove = 'next' | 'previous' | 'page-down' | 'page-up' | 'first' | 'last';

/**
 * The list position a move goes to from `at` (-1: nothing selected, or not in the list), or -1 for an
 * empty list or nowhere to go. `leftAt`: where the open run was before the list dropped it (a filter it no longer
 * passes, as a review saved under "Failures not reviewed"): the run that followed it is there now.
 */
export function listTarget(at: number, move: ListMove, count: number, pageRows: number, leftAt?: number): number {
  if (count === 0) return -1;
  if (at < 0 && leftAt !== undefined && leftAt >= count && move === 'next') return -1; // it was the last: nothing follows
  const page = Math.max(1, pageRows);
  const to =
    move === 'first' ? 0
    : move === 'last' ? count - 1
    : at < 0 && leftAt !== undefined ? (move === 'next' ? leftAt : move === 'previous' ? leftAt - 1 : move === 'page-down' ? leftAt + page - 1 : leftAt - page)
    : at < 0 ? (move === 'previous' || move === 'page-up' ? count - 1 : 0)
    : move === 'next' ? at + 1
    : move === 'previous' ? at - 1
    : move === 'page-down' ? at + page
    : at - page;
  return Math.min(count - 1, Math.max(0, to));
}

export function useListKeys(count: number, selectedIndex: number, pageRows: () => number, open: (index: number) => void, selectedId: string | null = null): void {
  // Where the open run last was in the list, for when the list drops it.
  const place = useRef<{ id: string; index: number } | null>(null);
  useEffect(() => {
    if (selectedId !== null && selectedIndex >= 0) place.current = { id: selectedId, index: selectedIndex };
  }, [selectedId, selectedIndex]);
  const go = (move: ListMove) => {
    const leftAt = selectedIndex < 0 && selectedId !== null && place.current?.id === selectedId ? place.current.index : undefined;
    const to = listTarget(selectedIndex, move, count, pageRows(), leftAt);
    if (to >= 0 && to !== selectedIndex) open(to);
  };
  useHotkeyAction('list.next', () => go('next'));
  useHotkeyAction('list.previous', () => go('previous'));
  useHotkeyAction('list.page-down', () => go('page-down'));
  useHotkeyAction('list.page-up', () => go('page-up'));
  useHotkeyAction('list.first', () => go('first'));
  useHotkeyAction('list.last', () => go('last'));
  // From the replay beside the list: the view they replace had the focus (the list keeps it).
  const walk = (move: ListMove, event: KeyboardEvent) => {
    askRunArrivalFocus(event);
    go(move);
  };
  useHotkeyAction('replay.nextTrajectory', (event) => walk('next', event));
  useHotkeyAction('replay.previousTrajectory', (event) => walk('previous', event));
}
