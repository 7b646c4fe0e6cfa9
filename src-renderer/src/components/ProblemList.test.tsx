// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProblemList } from './ProblemList';

afterEach(cleanup);

describe('ProblemList', () => {
  it('names each problem by file and line (no line when it is 0), and says how many more a limit hides', () => {
    const problems = [
      { file: 'scenarios/loop/data.sql', line: 12, message: 'ran longer than 10 s' },
      { file: 'annotations/bob.jsonl', line: 0, message: 'no annotations for annotator "bob"' },
      { file: 'tasks.jsonl', line: 3, message: 'invalid JSON' },
    ];
    render(<ProblemList problems={problems} limit={2} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'scenarios/loop/data.sql:12 ran longer than 10 s',
      'annotations/bob.jsonl no annotations for annotator "bob"',
      'and 1 more',
    ]);
    expect(items[0].dataset).toMatchObject({ file: 'scenarios/loop/data.sql', line: '12' });
  });
});
