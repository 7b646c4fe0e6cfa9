// The tabs under the clip: the task's visual references, the tool console and its agreement with
// the other annotator. Which tab is open is the workspace's (it stays as tasks change).
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

export function SideTabs({ tab, onTab, datasetId, taskId, recordTask, scenario }: SideTabsProps) {
  return (
    <div className="side-tabs">
      <div role="tablist" className="mini-tabs">
        <button type="button" role="tab" aria-selected={tab === 'refs'} onClick={() => onTab('refs')}>
          Visual references
        </button>
        <button type="button" role="tab" aria-selected={tab === 'console'} onClick={() => onTab('console')} data-testid="console-tab">
          Tool console
        </button>
        <button type="button" role="tab" aria-selected={tab === 'agreement'} onClick={() => onTab('agreement')} data-testid="agreement-tab">
          Agreement
        </button>
      </div>
      {/* Keyed by task: another task's results or half-typed entity are not this one's. */}
      {tab === 'refs' && <VisualRefs key={recordTask} scenario={scenario} />}
      {tab === 'console' && <ToolConsole key={recordTask} scenario={scenario} />}
      {tab === 'agreement' && taskId && <AgreementPanel datasetId={datasetId} taskId={taskId} context="annotate" />}
    </div>
  );
}
