// The Annotate workspace: the task queue, the clip with its timeline, the instruction, the
// ground-truth editor with the call list, visual references, the tool console and the task's
// agreement with the other annotator (hidden while the project annotates blind).
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { AgreementPanel } from '../../agreement';
import { TaskBrief } from '../../components/TaskBrief';
import { useStudioStore } from '../../state/store';
import { AnnotatorGate, initialAnnotator, storeAnnotator } from './AnnotatorGate';
import { useAnnotateStore, useLoadedDataset, useOpenTask, writeDownWaitingEdit } from './annotateStore';
import { CallList } from './CallList';
import { ClipPane } from './ClipPane';
import { GtEditor, useWarmEditor } from './GtEditor';
import { SyncBar } from './SyncBar';
import { TaskQueue } from './TaskQueue';
import { Timeline } from './Timeline';
import { ToolConsole } from './ToolConsole';
import { useAnnotateHotkeys } from './useAnnotateHotkeys';
import { useLint } from './useLint';
import { useTaskAddress } from './useTaskAddress';
import { VisualRefs } from './VisualRefs';
import { followOwnFile } from './writeThrough';
import './annotate.css';

function useWindowTitle(annotator: string | null): void {
  useEffect(() => {
    const previous = document.title;
    document.title = annotator ? `${annotator} — EgoBench Studio` : previous;
    return () => {
      document.title = previous;
    };
  }, [annotator]);
}

export function AnnotateWorkspace() {
  const dataset = useStudioStore((state) => state.currentDataset);
  const team = useStudioStore((state) => state.appInfo?.team);
  const fixedByTeam = team !== undefined;
  const { annotator, loadError, record, setAnnotator, loadDatasetInto } = useAnnotateStore(
    useShallow((state) => ({
      annotator: state.annotator,
      loadError: state.loadError,
      record: state.record,
      setAnnotator: state.setAnnotator,
      loadDatasetInto: state.loadDataset,
    })),
  );
  // While another dataset is being switched to, the previous one's queue is not shown (a click there opened that dataset's task).
  const loaded = useLoadedDataset();
  const { task } = useOpenTask();
  const scenario = task && loaded ? (loaded.scenarios.get(task.scenario) ?? null) : null;
  const [tab, setTab] = useState<'console' | 'refs' | 'agreement'>('refs');

  // On a team host the personal link says who annotates (app.info), whatever the tab held before.
  useEffect(() => {
    if (team?.role === 'annotator' && useAnnotateStore.getState().annotator !== team.name) {
      storeAnnotator(team.name);
      setAnnotator(team.name);
    }
  }, [team, setAnnotator]);
  // Someone who does not annotate on this team host neither signs in as an annotator nor sends an
  // annotator's waiting edits (the host refuses them: 403 once a second).
  const annotates = !team || team.role === 'annotator';
  useEffect(() => {
    if (annotates && useAnnotateStore.getState().annotator === null) {
      const initial = initialAnnotator();
      if (initial) setAnnotator(initial);
    }
  }, [setAnnotator, annotates]);
  useEffect(() => {
    if (dataset && useAnnotateStore.getState().datasetId !== dataset.id) void loadDatasetInto(dataset.id, dataset.name);
  }, [dataset, loadDatasetInto]);
  useEffect(() => (annotates ? followOwnFile() : undefined), [annotates]);
  useEffect(() => {
    const flush = () => {
      writeDownWaitingEdit();
      void useAnnotateStore.getState().flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flush);
    };
  }, []);
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
          storeAnnotator(name);
          setAnnotator(name);
        }}
      />
    );
  if (!dataset) return <div className="annotate-empty muted">Open a dataset to annotate.</div>;

  return (
    <div className="annotate">
      <header className="annotate-header">
        <h1>Annotate</h1>
        <span className="annotator">
          as <strong data-testid="annotator-name">{annotator}</strong>
          {/* On a team host the personal link fixes the name. */}
          {!fixedByTeam && (
            <button
              type="button"
              className="link"
              onClick={() => {
                storeAnnotator(null);
                setAnnotator(null);
              }}
            >
              switch
            </button>
          )}
        </span>
        <SyncBar />
      </header>
      {loadError && <div className="console-error">Cannot load the dataset: {loadError}</div>}
      {!loaded && !loadError && <div className="muted annotate-loading">Loading {dataset.name}…</div>}
      {loaded && (
        <div className="annotate-grid">
          <TaskQueue />
          <div className="annotate-center">
            {task && (
              <TaskBrief task={task} testId="task-brief" />
            )}
            <ClipPane />
            {task && <Timeline />}
            {scenario && record && (
              <div className="side-tabs">
                <div role="tablist" className="mini-tabs">
                  <button type="button" role="tab" aria-selected={tab === 'refs'} onClick={() => setTab('refs')}>
                    Visual references
                  </button>
                  <button type="button" role="tab" aria-selected={tab === 'console'} onClick={() => setTab('console')} data-testid="console-tab">
                    Tool console
                  </button>
                  <button type="button" role="tab" aria-selected={tab === 'agreement'} onClick={() => setTab('agreement')} data-testid="agreement-tab">
                    Agreement
                  </button>
                </div>
                {/* Keyed by task: another task's results or half-typed entity are not this one's. */}
                {tab === 'refs' && <VisualRefs key={record.task} scenario={scenario} />}
                {tab === 'console' && <ToolConsole key={record.task} scenario={scenario} />}
                {tab === 'agreement' && task && <AgreementPanel datasetId={dataset.id} taskId={task.id} context="annotate" />}
              </div>
            )}
          </div>
          <div className="annotate-right">
            {scenario && record ? (
              <>
                <GtEditor scenario={scenario} />
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
