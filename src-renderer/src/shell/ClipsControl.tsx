// "Clips: N missing — Choose folder…" in the status bar: the clips the open dataset's tasks name,
// where each was found (dataset, video folder, missing), and choosing the folder that serves
// videos/<name> when the dataset has no such file. Desktop: the host's folder dialog; browser
// host: an absolute folder path typed here (the host checks that it exists).
import { useState, type FormEvent } from 'react';
import { StudioError } from '../../../shared/api/studio-error';
import { studioApi } from '../api/studio';
import { useStatusBar, useStudioStore } from '../state/store';
import { useClipStatus } from './useClipStatus';
import './clips.css';

const sourceLabel = { dataset: 'in the dataset', folder: 'from the video folder' } as const;

export function ClipsControl() {
  const { dataset, hostKind } = useStatusBar();
  const datasetId = dataset?.id ?? null;
  const { status, statusChanged, recheck } = useClipStatus(datasetId);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!datasetId || !status || status.clips.length === 0) return null;

  const choose = async (choice: Parameters<ReturnType<typeof studioApi>['datasets']['setVideoFolder']>[1]) => {
    setBusy(true);
    setError(null);
    try {
      const next = await studioApi().datasets.setVideoFolder(datasetId, choice);
      statusChanged(next);
      setTyped(next.folder ?? '');
      if (next.folder !== status.folder) {
        useStudioStore
          .getState()
          .showMessage(
            next.folder ? `Clips: ${next.clips.length - next.missing} of ${next.clips.length} found (video folder ${next.folder})` : 'Video folder forgotten',
            'info',
          );
      }
    } catch (caught) {
      setError(StudioError.from(caught).message);
    } finally {
      setBusy(false);
    }
  };
  const submitTyped = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) void choose({ kind: 'path', path: typed.trim() });
  };

  const total = status.clips.length;
  return (
    <span className="clips-control">
      <button
        type="button"
        className={status.missing > 0 ? 'clips-toggle missing' : 'clips-toggle'}
        aria-expanded={open}
        data-testid="clips-control"
        onClick={() => {
          if (!open) {
            setTyped(status.folder ?? '');
            recheck();
          }
          setOpen(!open);
        }}
        title="Clips named by the tasks, and where the studio finds them"
      >
        {status.missing > 0 ? `Clips: ${status.missing} missing — Choose folder…` : `Clips: all ${total} found`}
      </button>
      {open && (
        <div className="clips-panel" role="dialog" aria-label="Clips" data-testid="clips-panel">
          <h3>
            Clips ({total - status.missing} of {total} found)
          </h3>
          <p className="muted">
            The tasks expect these files under <span className="mono">videos/</span> in the dataset. Missing ones are looked up, by file name, directly inside
            the video folder.
          </p>
          <ul className="clips-list" data-testid="clips-list">
            {status.clips.map((clip) => (
              <li key={clip.path} className={clip.source ? 'found' : 'missing'} data-clip={clip.path}>
                <span className="mono">{clip.path}</span>{' '}
                <span className={clip.source ? 'muted' : 'clip-missing-label'}>{clip.source ? sourceLabel[clip.source] : (clip.refused ?? 'missing')}</span>
              </li>
            ))}
          </ul>
          <p data-testid="clips-folder">
            Video folder: {status.folder ? <span className="mono">{status.folder}</span> : <span className="muted">none chosen</span>}
          </p>
          {hostKind === 'electron' ? (
            <div className="clips-actions">
              <button type="button" className="primary" disabled={busy} onClick={() => void choose({ kind: 'dialog' })} data-testid="clips-choose">
                Choose folder…
              </button>
              {status.folder && (
                <button type="button" disabled={busy} onClick={() => void choose({ kind: 'clear' })}>
                  Forget folder
                </button>
              )}
            </div>
          ) : (
            <form className="clips-actions" onSubmit={submitTyped}>
              <input
                type="text"
                aria-label="Video folder (absolute path on the host)"
                placeholder="/path/to/videos"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                data-testid="clips-folder-input"
                size={40}
              />
              <button type="submit" className="primary" disabled={busy || !typed.trim()} data-testid="clips-use-folder">
                Use folder
              </button>
              {status.folder && (
                <button type="button" disabled={busy} onClick={() => void choose({ kind: 'clear' })}>
                  Forget folder
                </button>
              )}
            </form>
          )}
          {error && (
            <p className="error" role="alert" data-testid="clips-error">
              {error}
            </p>
          )}
        </div>
      )}
    </span>
  );
}
