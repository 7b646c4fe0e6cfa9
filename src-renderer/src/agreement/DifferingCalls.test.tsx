// @vitest-environment happy-dom
// The differing-calls list renders a comparison that arrives after the annotations it was computed
// from have changed (another annotator's edit written through): it must not fail the page.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Annotation } from '../../../shared/format/types';
import { DifferingCalls } from './DifferingCalls';
import type { TaskComparison } from './protocol';

const annotation = (annotator: string, tools: string[]): Annotation =>
  ({ task_id: 't1', annotator, revision: 1, status: 'draft', calls: tools.map((tool_name) => ({ tool_name, parameters: {} })), visual_refs: [] }) as unknown as Annotation;

const comparison = (alignment: TaskComparison['alignment']): TaskComparison => ({
  exact: false,
  seq_exact: false,
  call_f1: 0,
  state_equal: false,
  matched: 0,
  alignment,
  ms: 1,
});

afterEach(cleanup);

describe('DifferingCalls', () => {
  it('lists the calls only one annotator wrote', () => {
    render(<DifferingCalls comparison={comparison([{ kind: 'onlyA', a: 1 }, { kind: 'onlyB', b: 0 }])} a={annotation('alice', ['x', 'y'])} b={annotation('bob', ['z'])} names={['alice', 'bob']} />);
    expect(screen.getByTestId('agreement-diffs').textContent).toContain('only alice y');
    expect(screen.getByTestId('agreement-diffs').textContent).toContain('only bob z');
  });

  it('leaves out rows naming calls the newer annotations no longer have', () => {
    const stale = comparison([
      { kind: 'onlyA', a: 3 },
      { kind: 'near', a: 0, b: 2, differing: [] },
      { kind: 'onlyB', b: 0 },
    ]);
    render(<DifferingCalls comparison={stale} a={annotation('alice', ['x'])} b={annotation('bob', ['z'])} names={['alice', 'bob']} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByTestId('agreement-diffs').textContent).toContain('only bob z');
  });
});
