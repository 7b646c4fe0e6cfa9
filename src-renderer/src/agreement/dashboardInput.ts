// The agreement dashboard's input across edits: the worker keeps the last one it was sent, and the
// next is sent as what changed in it (an edit changes one annotation; on 19,080 tasks both
// annotated, copying the whole input to the worker was a 0.64 s task of the page's thread).
import { dequal } from 'dequal/lite';
import type { Annotation } from '../../../shared/format/types';
import type { DashboardInput, DashboardPatch } from './protocol';

/** An annotator's annotations by task, as a dashboard input holds them. */
export type ByTask = Map<string, Annotation>;

/** An input as the worker keeps it (tasks and annotations by id), named by the request that sent it. */
export interface KeptInput {
  inputId: number;
  tasks: DashboardInput['tasks'];
  annotations: Map<string, ByTask>;
}

/** The input's annotations by annotator and task. */
export const annotationsOf = (input: DashboardInput): Map<string, ByTask> =>
  new Map(input.annotations.map(([name, list]) => [name, new Map(list.map((annotation) => [annotation.task_id, annotation]))]));

/** Whether two task lists are the same tasks in the same scenarios, in the same order. */
export function sameTasks(x: DashboardInput['tasks'], y: DashboardInput['tasks']): boolean {
  return x.length === y.length && x.every((task, i) => task.id === y[i].id && task.scenario === y[i].scenario);
}

/**
 * `next` as changes to `kept` (annotations set or gone, per annotator), or null when that would
 * not be smaller than `next` whole: other tasks, other annotators, or most annotations changed.
 * An annotation counts as changed unless it is the same object or deeply equal (dequal: the same
 * keys and values, in any key order; key order changes no figure).
 */
export function inputPatch(kept: KeptInput, next: DashboardInput): DashboardPatch | null {
  if (!sameTasks(kept.tasks, next.tasks)) return null;
  const names = next.annotations.map(([name]) => name);
  if (names.length !== kept.annotations.size || names.some((name) => !kept.annotations.has(name))) return null;
  const annotators: DashboardPatch['annotators'] = [];
  let changes = 0;
  let total = 0;
  for (const [name, list] of next.annotations) {
    const before = kept.annotations.get(name)!;
    const set = list.filter((annotation) => {
      const was = before.get(annotation.task_id);
      return was !== annotation && !dequal(was, annotation);
    });
    const present = new Set(list.map((annotation) => annotation.task_id));
    const gone = [...before.keys()].filter((task) => !present.has(task));
    changes += set.length + gone.length;
    total += list.length;
    if (set.length > 0 || gone.length > 0) annotators.push([name, set, gone]);
  }
  return changes * 2 > total ? null : { base: kept.inputId, annotators };
}

/** `kept`'s annotations with `patch` applied (new maps for the annotators it changes; `kept` stays as it was). */
export function patchedAnnotations(kept: Map<string, ByTask>, patch: DashboardPatch): Map<string, ByTask> {
  const out = new Map(kept);
  for (const [name, set, gone] of patch.annotators) {
    const byTask = new Map(kept.get(name));
    for (const task of gone) byTask.delete(task);
    for (const annotation of set) byTask.set(annotation.task_id, annotation);
    out.set(name, byTask);
  }
  return out;
}
