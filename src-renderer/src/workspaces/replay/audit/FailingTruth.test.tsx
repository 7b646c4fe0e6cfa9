// @vitest-environment happy-dom
// The audit's list of failing ground-truth calls: each task with its calls' messages and a link
// to the task in Adjudicate; nothing at all when every ground truth runs clean.
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { FailingTruth } from './FailingTruth';

afterEach(cleanup);

it('lists each task and its failing calls, counted, with a link to the task in Adjudicate', () => {
  const { getByTestId } = render(
    <FailingTruth
      checks={[
        { task_id: 'order1/7', scenario: 'order1', failures: [{ gt_call: 1, tool_name: 'compute_total_tax', message: 'invalid parameters' }] },
        { task_id: 'order1-10', scenario: 'order1', failures: [{ gt_call: 0, tool_name: 'remove_dish', message: "Dish 'x' not found" }, { gt_call: 4, tool_name: 'pay', message: 'no order' }] },
      ]}
    />,
  );
  const list = getByTestId('audit-failing-truth');
  expect(list.querySelector('summary')!.textContent).toMatch(/^3 ground-truth call\(s\) in 2 task\(s\) fail/);
  expect([...list.querySelectorAll('ol li')].map((li) => li.textContent)).toEqual(['call 2 compute_total_tax fails: invalid parameters', "call 1 remove_dish fails: Dish 'x' not found", 'call 5 pay fails: no order']);
  expect([...list.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['#/adjudicate/order1%2F7', '#/adjudicate/order1-10']);
});

it('shows nothing when no ground truth fails', () => {
  const { container } = render(<FailingTruth checks={[]} />);
  expect(container.innerHTML).toBe('');
});
