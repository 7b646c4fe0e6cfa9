// The tabs under the clip: the task's visual references, the tool console and its agreement with
// the other annotator. Which tab is open is the workspace's (it stays as tasks change).
import type { KeyboardEvent } from 'react';
import { AgreementPanel } from '../../agreement';
import type { ScenarioDef } from '../../../../shared/format/types';
import { ToolConsole } from './ToolConsole';
import { VisualRefs } from './VisualRefs';

export type SideTab = 'console' | 'refs' | 'agreement';

interface SideTabsProps {
  tab: SideTab;
  onTab: (tab: SideTab) => void;
  datasetId: string;
  taskId: string | null;
  /** The open annotation's task: the panels are keyed by it. */
  recordTask: string;
  scenario: ScenarioDef;
}

const TABS: { id: SideTab; label: string; testId?: string }[] = [
  { id: 'refs', label: 'Visual references' },
  { id: 'console', label: 'Tool console', testId: 'console-tab' },
  { id: 'agreement', label: 'Agreement', testId: 'agreement-tab' },
];

/** The tab an arrow, Home or End goes to from `at` (WAI-ARIA tabs: they wrap), or null for another key. */
function tabForKey(key: string, at: number): number | null {
  if (key === 'ArrowRight') return (at + 1) % TABS.length;
  if (key === 'ArrowLeft') return (at - 1 + TABS.length) % TABS.length;
  if (key === 'Home') return 0;
  if (key === 'End') return TABS.length - 1;
  return null;
}

export function SideTabs({ tab, onTab, datasetId, taskId, recordTask, scenario }: SideTabsProps) {
  // One Tab stop (the open tab); ←/→, Home and End open and focus another, as the clip's ←/→ must not.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const next = tabForKey(event.key, TABS.findIndex((entry) => entry.id === tab));
    if (next === null) return;
    event.preventDefault();
    onTab(TABS[next].id);
    event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div className="side-tabs">
      <div role="tablist" aria-label="Task panels" className="mini-tabs" onKeyDown={onKeyDown}>
        {TABS.map((entry) => (
          <button
            key={entry.id}
            type="button"
            role="tab"
            id={`side-tab-${entry.id}`}
            aria-selected={tab === entry.id}
            aria-controls="side-tab-panel"
            tabIndex={tab === entry.id ? 0 : -1}
            onClick={() => onTab(entry.id)}
            data-testid={entry.testId}
          >
            {entry.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="side-tab-panel" aria-labelledby={`side-tab-${tab}`}>
        {/* Keyed by task: another task's results or half-typed entity are not this one's. */}
        {tab === 'refs' && <VisualRefs key={recordTask} scenario={scenario} />}
        {tab === 'console' && <ToolConsole key={recordTask} scenario={scenario} />}
        {tab === 'agreement' && taskId && <AgreementPanel datasetId={datasetId} taskId={taskId} context="annotate" />}
      </div>
    </div>
  );
}
