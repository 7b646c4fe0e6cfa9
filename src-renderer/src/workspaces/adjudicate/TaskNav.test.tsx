// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { lifecycleCounts, type Lifecycle } from '../../agreement/model';
import { TaskNav } from './TaskNav';

afterEach(cleanup);

const tasks = [{ id: 't1', scenario: 's', instruction: '', image_description: '', video: '' }];
const stages = new Map<string, Lifecycle>([['t1', 'adjudicated']]);
const nav = (comparing: boolean) =>
  render(
    <TaskNav tasks={tasks} stages={stages} counts={lifecycleCounts(stages.values())} filter="all" onFilter={() => undefined} taskId={null} onChoose={() => undefined}
      groundTruth={new Map()} changedAfterSubmit={new Set()} problems={0} comparing={comparing} bulk={null} />,
  );

it('says the stages wait for the comparison while it runs, and not after', () => {
  nav(true);
  expect(screen.getByTestId('stages-comparing').textContent).toMatch(/^Comparing the annotations/);
  expect(screen.getByTestId('lifecycle-counts').getAttribute('aria-busy')).toBe('true');
  cleanup();
  nav(false);
  expect(screen.queryByTestId('stages-comparing')).toBeNull();
});
