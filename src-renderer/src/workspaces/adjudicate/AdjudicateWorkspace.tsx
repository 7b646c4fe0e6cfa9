// The Adjudicate workspace: the task list with each task's lifecycle (counts per stage), the
// agreement dashboard of the chosen pair of annotators, and the adjudication of one task with
// its agreement panel. Tasks where both agree exactly can be accepted in bulk.
import { useEffect, useMemo, useState } from 'react';
import { agreeAsIs } from '../../../../shared/eval/agreement';
import { AdjudicationView } from '../../agreement/AdjudicationView';
import { AgreementDashboard } from '../../agreement/AgreementDashboard';
import { drainDrafts } from '../../agreement/draftWriteThrough';
import { useAgreementData } from '../../agreement/agreementData';
import { AgreementPanel } from '../../agreement/AgreementPanel';
import { useChangedTasks } from '../../agreement/ChangedAfterSubmit';
import { lifecycleCounts, lifecycleOf, type Lifecycle } from '../../agreement/model';
import { SuspectPanel } from '../../agreement/SuspectPanel';
import { useDashboard } from '../../agreement/useDashboard';
import { TaskBrief } from '../../components/TaskBrief';
import { studioApi } from '../../api/studio';
import { useHotkeyAction } from '../../hotkeys/useHotkeys';
import { describeHostFailure } from '../../state/hostErrors';
import { ADJUDICATOR_KEY } from '../../state/identityKeys';
import { useStudioStore } from '../../state/store';
import { TEAM_NAME_TITLE, useTeam } from '../../shell/teamIdentity';
import { useSuspectLink } from '../replay/audit/auditClient';
import { useTaskLink } from '../taskLink';
import { AcceptAgreed } from './AcceptAgreed';
import { TaskNav } from './TaskNav';
import './adjudicate.css';


function storedAdjudicator(): string {
  try {
    return window.localStorage.getItem(ADJUDICATOR_KEY) ?? '';
  } catch {
    return '';
  }
}

export function AdjudicateWorkspace() {
  const dataset = useStudioStore((state) => state.currentDataset);
  if (!dataset) return <div className="adjudicate-empty muted">Open a dataset to adjudicate.</div>;
  return <Adjudicate key={dataset.id} datasetId={dataset.id} />;
}

function Adjudicate({ datasetId }: { datasetId: string }) {
  const [pairChoice, setPairChoice] = useState<[string | null, string | null]>([null, null]);
  const dash = useDashboard(datasetId, pairChoice);
  const { dataset, groundTruth, settings, setSettings, error, problems } = useAgreementData();
  const [view, setView] = useState<'tasks' | 'dashboard'>('tasks');
  // Drafts this browser still holds for the dataset's files (a closed tab's, a day the host was away).
  useEffect(() => void drainDrafts(studioApi(), datasetId), [datasetId]);
  // An audit suspect opened from Replay (#/adjudicate/suspect/<task>/<n>) opens its task.
  const suspectLink = useSuspectLink();
  // The task in the address (#/adjudicate/<task>): a reload or a pasted link opens it.
  const { linked, show } = useTaskLink('adjudicate');
  const [taskId, setTaskId] = useState<string | null>(suspectLink?.taskId ?? linked);
  // Each new link opens its task once, during render (React's "adjusting state when a prop changes").
  const [linkOpened, setLinkOpened] = useState(suspectLink);
  if (suspectLink !== linkOpened) {
    setLinkOpened(suspectLink);
    if (suspectLink) setTaskId(suspectLink.taskId);
  }
  const [taskLinkOpened, setTaskLinkOpened] = useState(linked);
  if (linked !== taskLinkOpened) {
    setTaskLinkOpened(linked);
    if (linked) setTaskId(linked);
  }
  const chooseTask = (id: string) => {
    setTaskId(id);
    show(id);
  };
  const [filter, setFilter] = useState<Lifecycle | 'all'>('all');
  const [typedAdjudicator, setAdjudicatorState] = useState(storedAdjudicator);
  const team = useTeam();
  const teamName = team?.name ?? null;
  const teamRole = team?.role ?? null;
  const adjudicator = teamName ?? typedAdjudicator;
  const showMessage = useStudioStore((state) => state.showMessage);

  const setAdjudicator = (name: string) => {
    setAdjudicatorState(name);
    try {
      window.localStorage.setItem(ADJUDICATOR_KEY, name);
    } catch {
      // storage unavailable: the name lasts for this page
    }
  };

  const agree = useMemo(() => new Map((dash.dashboard?.tasks ?? []).map((t) => [t.task_id, agreeAsIs(t)])), [dash.dashboard]);
  const tasks = useMemo(() => (dataset ? [...dataset.tasks.values()] : []), [dataset]);
  const stages = useMemo(
    () => new Map(tasks.map((task) => [task.id, lifecycleOf(task.id, dash.annotations, dash.pair, groundTruth, agree)])),
    [tasks, dash.annotations, dash.pair, groundTruth, agree],
  );
  const counts = lifecycleCounts(stages.values());
  const changedAfterSubmit = useChangedTasks(dash.pair);
  const agreedIds = tasks.filter((t) => stages.get(t.id) === 'agreed').map((t) => t.id);
  // n and p: the next or previous task of the list as filtered, from the open one's place (it may have left the filter).
  const stepTask = (delta: 1 | -1) => {
    const order = tasks.map((t) => t.id);
    const at = taskId ? order.indexOf(taskId) : -1;
    const ahead = delta > 0 ? order.slice(at + 1) : order.slice(0, Math.max(at, 0)).reverse();
    const next = ahead.find((id) => filter === 'all' || stages.get(id) === filter);
    if (next) chooseTask(next);
  };
  useHotkeyAction('adjudicate.next-task', () => stepTask(1));
  useHotkeyAction('adjudicate.previous-task', () => stepTask(-1));

  if (error) return <div className="agreement-error">Cannot load the dataset: {error}</div>;
  if (!dataset) return <div className="muted adjudicate-empty">Loading…</div>;

  const task = taskId ? (dataset.tasks.get(taskId) ?? null) : null;

  return (
    <div className="adjudicate">
      <header className="adjudicate-header">
        <h1>Adjudicate</h1>
        <div role="tablist" className="mini-tabs">
          <button type="button" role="tab" aria-selected={view === 'tasks'} onClick={() => setView('tasks')} data-testid="adjudicate-tasks-tab">
            Tasks
          </button>
          <button type="button" role="tab" aria-selected={view === 'dashboard'} onClick={() => setView('dashboard')} data-testid="adjudicate-dashboard-tab">
            Dashboard
          </button>
        </div>
        <label>
          A{' '}
          <select aria-label="Annotator A" data-testid="annotator-a" value={dash.pair?.[0] ?? ''} onChange={(e) => setPairChoice([e.target.value, dash.pair?.[1] ?? null])}>
            {dash.available.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
        <label>
          B{' '}
          <select aria-label="Annotator B" data-testid="annotator-b" value={dash.pair?.[1] ?? ''} onChange={(e) => setPairChoice([dash.pair?.[0] ?? null, e.target.value])}>
            {dash.available.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
        <label>
          Adjudicator{' '}
          <input
            data-testid="adjudicator-name"
            value={adjudicator}
            onChange={(e) => setAdjudicator(e.target.value)}
            readOnly={teamName !== null}
            title={teamName !== null ? TEAM_NAME_TITLE : undefined}
            placeholder="your name"
            size={12}
          />
        </label>
        <label
          className="blind-setting"
          title={teamRole && teamRole !== 'adjudicator' ? 'Project setting: only an adjudicator changes it' : 'Project setting, kept in the dataset (studio-project.json)'}
        >
          <input
            type="checkbox"
            data-testid="blind-setting"
            disabled={teamRole !== null && teamRole !== 'adjudicator'}
            checked={settings.hideAgreementWhileAnnotating}
            onChange={(e) =>
              setSettings({ hideAgreementWhileAnnotating: e.target.checked }).catch((err: unknown) =>
                showMessage(describeHostFailure('Cannot save the project setting (studio-project.json)', err), 'error'),
              )
            }
          />{' '}
          Blind annotation: hide agreement in Annotate
        </label>
      </header>
      {view === 'dashboard' ? (
        <div className="adjudicate-dashboard">
          <AgreementDashboard
            dashboard={dash.dashboard}
            computing={dash.computing}
            error={dash.error}
            stages={stages}
            onOpenTask={(id) => {
              chooseTask(id);
              // Keep the opened task in the list: switch the filter to its stage if it hides it.
              const stage = stages.get(id);
              if (filter !== 'all' && stage && stage !== filter) setFilter(stage);
              setView('tasks');
            }}
          />
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
            bulk={<AcceptAgreed datasetId={datasetId} pair={dash.pair} annotations={dash.annotations} agreedIds={agreedIds} adjudicator={adjudicator} changedAfterSubmit={changedAfterSubmit} />}
          />
          <section className="adjudicate-main">
            {!task && <p className="muted">{taskId ? `The address names task ${taskId}, which this dataset does not have. ` : ''}Pick a task to compare its annotations and settle them.</p>}
            {task && (
              <>
                <TaskBrief
                  task={task}
                  heading={
                    <>
                      <strong>{task.id}</strong> <span className="muted">{task.scenario}</span>
                    </>
                  }
                />
                <AgreementPanel datasetId={datasetId} taskId={task.id} annotators={dash.pair} context="adjudicate" />
                {suspectLink?.taskId === task.id ? <SuspectPanel datasetId={datasetId} taskId={task.id} index={suspectLink.index} adjudicator={adjudicator} /> : null}
                <AdjudicationView key={`${task.id}:${dash.pair?.join()}`} datasetId={datasetId} taskId={task.id} pair={dash.pair} adjudicator={adjudicator} />
              </>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
