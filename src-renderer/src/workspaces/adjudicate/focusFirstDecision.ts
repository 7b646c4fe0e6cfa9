// After n or p the task that had the focus is gone, and the focus with it (to the page's body):
// j, a, b and x then did nothing until twenty Tabs brought it back to the rows. The next task's
// first row takes it once its comparison is on screen, unless the person put it somewhere meanwhile.
import { focusRow } from '../../agreement/useAlignmentRowKeys';
import { focusLost } from '../../components/focusLost';

/** How long the next task's rows are waited for (its comparison runs in a worker). */
const WAIT_MS = 5_000;

export function focusFirstDecision(taskId: string): void {
  const until = performance.now() + WAIT_MS;
  const selector = `[data-testid="adjudication-view"][data-task-id="${CSS.escape(taskId)}"] .alignment-table`;
  const look = () => {
    if (!focusLost()) return; // the person chose where it goes
    const table = document.querySelector(selector);
    if (table?.querySelector('tr[data-row-index="0"]')) focusRow(table, 0);
    else if (performance.now() < until) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}
