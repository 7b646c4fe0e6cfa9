import { describe, expect, it } from 'vitest';
import type { Annotation } from '../../../shared/format/types';
import { annotationsOf, inputPatch, patchedAnnotations, type KeptInput } from './dashboardInput';
import type { DashboardInput } from './protocol';

const tasks = Array.from({ length: 10 }, (_, i) => ({ id: `t${i}`, scenario: i < 5 ? 'retail' : 'kitchen' }));
const line = (task: string, qty = 1) => ({ task_id: task, calls: [{ tool_name: 'add', parameters: { item: task, qty } }], visual_refs: [] }) as unknown as Annotation;
const input = (ana: Annotation[], ben: Annotation[], list = tasks): DashboardInput => ({ tasks: list, annotations: [['ana', ana], ['ben', ben]] });
const every = (qty = 1) => tasks.map((task) => line(task.id, qty));
const keep = (sent: DashboardInput, inputId = 7): KeptInput => ({ inputId, tasks: sent.tasks, annotations: annotationsOf(sent) });

describe('dashboard input patches', () => {
  it('sends only what changed: an edited annotation, a new one, one gone; an equal copy is no change', () => {
    const kept = keep(input(every().slice(0, 9), every()));
    // Every line parsed again (new objects, as after the file is read again), one edited, one added; ben loses one.
    const ana = [...every().slice(0, 9), line('t9')];
    ana[3] = line('t3', 2);
    const next = input(ana, every().slice(1));
    const patch = inputPatch(kept, next);
    expect(patch).toEqual({
      base: 7,
      annotators: [
        ['ana', [line('t3', 2), line('t9')], []],
        ['ben', [], ['t0']],
      ],
    });
    // Applied over the kept input, it gives the next input's annotations; the kept maps are left as they were.
    const applied = patchedAnnotations(kept.annotations, patch!);
    expect(applied).toEqual(annotationsOf(next));
    expect(kept.annotations.get('ana')!.get('t3')).toEqual(line('t3'));
    expect(kept.annotations.get('ana')!.has('t9')).toBe(false);
  });

  it('is empty when nothing changed', () => {
    const sent = input(every(), every());
    expect(inputPatch(keep(sent), input(every(), every()))).toEqual({ base: 7, annotators: [] });
  });

  it('sends the input whole when the tasks or the annotators differ, or when most annotations changed', () => {
    const kept = keep(input(every(), every()));
    expect(inputPatch(kept, input(every(), every(), tasks.slice(1))), 'a task fewer').toBeNull();
    expect(inputPatch(kept, input(every(), every(), tasks.map((t) => (t.id === 't2' ? { ...t, scenario: 'kitchen' } : t)))), 'a task moved').toBeNull();
    expect(inputPatch(kept, { tasks, annotations: [['ana', every()], ['cleo', every()]] }), 'another annotator').toBeNull();
    expect(inputPatch(kept, input(every(2), every(2))), 'all changed').toBeNull();
    expect(inputPatch(kept, input(every(2), every())), 'half changed').not.toBeNull();
  });
});
