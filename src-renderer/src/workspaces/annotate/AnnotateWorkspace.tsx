// The Annotate workspace: the task queue, the clip with its timeline, the instruction, the
// ground-truth editor with the call list, visual references, the tool console and the task's
// agreement with the other annotator (hidden while the project annotates blind).
import { useCallback, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { TaskBrief } from '../../components/TaskBrief';
import { useStudioStore } from '../../state/store';
import { AnnotateHeader } from './AnnotateHeader';
import { AnnotatorGate, chooseAnnotator } from './AnnotatorGate';
import { useAnnotateStore, useLoadedDataset, useOpenTask } from './annotateStore';
import { CallList } from './CallList';
import { ClipPane } from './ClipPane';
import { GtEditor } from './GtEditor';
import { SideTabs, type SideTab } from './SideTabs';
import { TaskQueue } from './TaskQueue';
import { Timeline } from './Timeline';
import { useAnnotateHotkeys } from './useAnnotateHotkeys';
import { useLint } from './useLint';
import { useFlushOnPageLeave, useWindowTitle } from './usePageLifecycle';
import { useSignedInAnnotator } from './useSignedInAnnotator';
import { useTaskAddress } from './useTaskAddress';
import { useWarmEditor } from './useWarmEditor';
import { followOwnFile } from './writeThrough';
import './annotate.css';

export function AnnotateWorkspace() {
  const dataset = useStudioStore((state) => state.currentDataset);
  const team = useStudioStore((state) => state.appInfo?.team);
  const fixedByTeam = team !== undefined;
  const { annotator, loadError, record, loadDatasetInto } = useAnnotateStore(
    useShallow((state) => ({
      annotator: state.annotator,
      loadError: state.loadError,
      record: state.record,
      loadDatasetInto: state.loadDataset,
    })),
  );
  // While another dataset is being switched to, the previous one's queue is not shown (a click there opened that dataset's task).
  const loaded = useLoadedDataset();
  const { task } = useOpenTask();
  const scenario = task && loaded ? (loaded.scenarios.get(task.scenario) ?? null) : null;
  const [tab, setTab] = useState<SideTab>('refs');
  const [justSignedIn, setJustSignedIn] = useState(false);
  const queueFocused = useCallback(() => setJustSignedIn(false), []);

  // Someone who does not annotate on this team host neither signs in as an annotator nor sends an
  // annotator's waiting edits (the host refuses them: 403 once a second).
  const annotates = !team || team.role === 'annotator';
  useSignedInAnnotator(team, annotates);
  useEffect(() => {
    if (dataset && useAnnotateStore.getState().datasetId !== dataset.id) void loadDatasetInto(dataset.id, dataset.name);
  }, [dataset, loadDatasetInto]);
  useEffect(() => (annotates ? followOwnFile() : undefined), [annotates]);
  useFlushOnPageLeave();
  useWindowTitle(annotator);
  useAnnotateHotkeys();
  useTaskAddress();
  useLint(scenario, task);
  useWarmEditor(loaded !== null && task === null);

  // On a team host only annotators write annotations: anyone else's edits were refused by the host
  // for ever (403), held in the browser as unsent, under whatever name was typed (a team review).
  if (team && team.role !== 'annotator')
    return (
      <div className="annotate-empty muted" data-testid="annotate-not-annotator">
        Annotate is for the team's annotators: your link is {team.name}'s, {team.role === 'adjudicator' ? 'an adjudicator' : 'a reviewer'}. Adjudicate compares the annotators' work; Replay
        steps through the agents' runs.
      </div>
    );
  if (!annotator)
    return (
      <AnnotatorGate
        onChoose={(name) => {
          chooseAnnotator(name);
          setJustSignedIn(true);
        }}
      />
    );
  if (!dataset) return <div className="annotate-empty muted">Open a dataset to annotate.</div>;

  return (
    <div className="annotate">
      <AnnotateHeader annotator={annotator} fixedByTeam={fixedByTeam} />
      {loadError && <div className="console-error">Cannot load the dataset: {loadError}</div>}
      {!loaded && !loadError && <div className="muted annotate-loading">Loading {dataset.name}…</div>}
      {loaded && (
        <div className="annotate-grid">
          <TaskQueue takeFocus={justSignedIn} onFocusTaken={queueFocused} />
          <div className="annotate-center">
            {task && (
              <TaskBrief task={task} testId="task-brief" />
            )}
            <ClipPane />
            {task && <Timeline />}
            {scenario && record && <SideTabs tab={tab} onTab={setTab} datasetId={dataset.id} taskId={task?.id ?? null} recordTask={record.task} scenario={scenario} />}
          </div>
          <div className="annotate-right">
            {scenario && record ? (
              <>
                <GtEditor scenario={scenario} task={task} />
                <CallList />
              </>
            ) : (
              <div className="muted">Pick a task to write its key calls.</div>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
