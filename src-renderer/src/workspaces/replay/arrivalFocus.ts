// Replay's list and task matrix replace each other: the element that had the focus leaves with the
// view, and the focus fell to <body>, where the list's and the grid's keys do nothing (an
// exploratory review). The view that arrives takes it then, once: the list when the matrix opened
// runs in it, the grid when it comes back with a cursor kept.
import { useEffect, type RefObject } from 'react';
import { focusLost } from '../../components/focusLost';

let listAsked = false;

/** The matrix opens runs in the list: the list takes the focus when it arrives. */
export function askListFocus(): void {
  listAsked = true;
}

/** The list, arriving: takes the focus when the matrix asked and nobody has it (asked once). */
export function useListArrivalFocus(list: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const asked = listAsked;
    listAsked = false;
    if (asked && focusLost()) list.current?.focus({ preventScroll: true });
  }, [list]);
}
