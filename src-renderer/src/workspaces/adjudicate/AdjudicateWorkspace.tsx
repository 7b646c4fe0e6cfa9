// The Adjudicate workspace: the task list with each task's lifecycle (counts per stage), the
// agreement dashboard of the chosen pair of annotators, and the adjudication of one task with
// its agreement panel. Tasks where both agree exactly can be accepted in bulk.
import { useEffect, useState } from 'react';
import { AgreementDashboard } from '../../agreement/AgreementDashboard';
import { drainDrafts } from '../../agreement/draftWriteThrough';
import { useAgreementData } from '../../agreement/agreementData';
import { useChangedTasks } from '../../agreement/ChangedAfterSubmit';
import type { Lifecycle } from '../../agreement/model';
import { useDashboard } from '../../agreement/useDashboard';
import { studioApi } from '../../api/studio';
import { describeHostFailure } from '../../state/hostErrors';
import { ADJUDICATOR_KEY } from '../../state/identityKeys';
import { useRememberedName } from '../../shell/useRememberedName';
import { useStudioStore } from '../../state/store';
import { AcceptAgreed } from './AcceptAgreed';
import { AdjudicateHeader, type AdjudicateView } from './AdjudicateHeader';
import { OpenTaskPane } from './OpenTaskPane';
import { TaskNav } from './TaskNav';
import { useLinkedTask } from './useLinkedTask';
import { useTaskStages } from './useTaskStages';
import { useTaskStepKeys } from './useTaskStepKeys';
import './adjudicate.css';
import { usePairChoice } from './pairChoice';

export function AdjudicateWorkspace() {
  const dataset = useStudioStore((state) => state.currentDataset);
  if (!dataset) return <div className="adjudicate-empty muted">Open a dataset to adjudicate.</div>;
  return <Adjudicate key={dataset.id} datasetId={dataset.id} />;
}

function Adjudicate({ datasetId }: { datasetId: string }) {
  const [pairChoice, setPairChoice] = usePairChoice(datasetId);
  const dash = useDashboard(datasetId, pairChoice);
  const { dataset, groundTruth, settings, setSettings, error, problems } = useAgreementData();
  const [view, setView] = useState<AdjudicateView>('tasks');
  // Drafts this browser still holds for the dataset's files (a closed tab's, a day the host was away).
  useEffect(() => void drainDrafts(studioApi(), datasetId), [datasetId]);
  const { taskId, chooseTask, suspectLink } = useLinkedTask();
  const [filter, setFilter] = useState<Lifecycle | 'all'>('all');
  // Who adjudicates: the team link's name, or the name typed.
  const { name: adjudicator, setName: setAdjudicator, team } = useRememberedName(ADJUDICATOR_KEY);
  const teamName = team?.name ?? null;
  const teamRole = team?.role ?? null;
  const showMessage = useStudioStore((state) => state.showMessage);

  const { tasks, stages, counts, agreedIds } = useTaskStages(dataset, dash, groundTruth);
  const changedAfterSubmit = useChangedTasks(dash.pair);
  useTaskStepKeys({ tasks, stages, filter, taskId, chooseTask });

  if (error) return <div className="agreement-error">Cannot load the dataset: {error}</div>;
  if (!dataset) return <div className="muted adjudicate-empty">Loading…</div>;

  const task = taskId ? (dataset.tasks.get(taskId) ?? null) : null;
  const openFromDashboard = (id: string) => {
    chooseTask(id);
    // Keep the opened task in the list: switch the filter to its stage if it hides it.
    const stage = stages.get(id);
    if (filter !== 'all' && stage && stage !== filter) setFilter(stage);
    setView('tasks');
  };
  const saveBlind = (hide: boolean) =>
    setSettings({ hideAgreementWhileAnnotating: hide }).catch((err: unknown) => showMessage(describeHostFailure('Cannot save the project setting (studio-project.json)', err), 'error'));

  return (
    <div className="adjudicate">
      <AdjudicateHeader
        view={view}
        onView={setView}
        available={dash.available}
        pair={dash.pair}
        onPair={setPairChoice}
        adjudicator={adjudicator}
        onAdjudicator={setAdjudicator}
        teamName={teamName}
        teamRole={teamRole}
        blind={settings.hideAgreementWhileAnnotating}
        onBlind={saveBlind}
      />
      {view === 'dashboard' ? (
        <div className="adjudicate-dashboard">
          <AgreementDashboard dashboard={dash.dashboard} computing={dash.computing} error={dash.error} stages={stages} onOpenTask={openFromDashboard} />
        </div>
      ) : (
        <div className="adjudicate-grid">
          <TaskNav
            tasks={tasks}
            stages={stages}
            counts={counts}
            filter={filter}
            onFilter={setFilter}
            taskId={taskId}
            onChoose={chooseTask}
            groundTruth={groundTruth}
            changedAfterSubmit={changedAfterSubmit}
            problems={problems.length}
            comparing={dash.pair !== null && dash.dashboard === null && dash.error === null}
            bulk={<AcceptAgreed datasetId={datasetId} pair={dash.pair} annotations={dash.annotations} agreedIds={agreedIds} adjudicator={adjudicator} changedAfterSubmit={changedAfterSubmit} />}
          />
          <OpenTaskPane datasetId={datasetId} taskId={taskId} task={task} pair={dash.pair} suspect={suspectLink} adjudicator={adjudicator} />
        </div>
      )}
    </div>
  );
}
