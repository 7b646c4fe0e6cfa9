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

/**
 * Shift+J/Shift+K replace the open run's view, and the focus went to <body> with it (in the
 * triage loop, 22-85 Tabs back to the review form). Where it was is remembered as the key is
 * pressed, and the next run's view takes it there when it arrives: its review form's Label if it
 * was in the form, else the view itself.
 */
let runAsked: { where: 'review' | 'view'; at: number } | null = null;
/** A run's view takes longer than this to arrive: the person has moved on, and the ask is dropped. */
const RUN_ARRIVAL_MS = 5_000;

export function askRunArrivalFocus(event: KeyboardEvent): void {
  const inForm = event.target instanceof Element && event.target.closest('[data-testid="label-override"]') !== null;
  runAsked = { where: inForm ? 'review' : 'view', at: performance.now() };
}

/** The run's view, arriving (mounted once its replay is ready): takes the focus as asked, if nobody has it. */
export function useRunArrivalFocus(view: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const asked = runAsked;
    runAsked = null;
    if (!asked || performance.now() - asked.at > RUN_ARRIVAL_MS || !focusLost()) return;
    const target = asked.where === 'review' ? view.current?.querySelector<HTMLElement>(REVIEW_FIRST_CONTROL) : view.current;
    target?.focus({ preventScroll: asked.where === 'view' });
  }, [view]);
}

/** The review form's first control: its Label. */
export const REVIEW_FIRST_CONTROL = '[data-testid="label-override"] select';
