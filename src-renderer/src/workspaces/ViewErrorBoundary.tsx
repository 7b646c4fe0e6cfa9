// A workspace that throws while rendering shows what failed in its place, instead of React
// unmounting the whole studio (a blank page, the tabs and status bar gone with it). Edits live in
// the stores and are saved by them, not by the view, so nothing typed is lost with the view.
import { Component, type ReactNode } from 'react';

interface Props {
  /** What failed, in the message: "Adjudicate". */
  name: string;
  /** Before the view is shown again: what it needs made afresh (a lazy view whose load failed). */
  onRetry?: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * A lazy view's script that could not be fetched (Chromium's, Firefox's and Safari's words): the
 * host away for a moment (Try again fetches it), or the studio rebuilt or updated since the page
 * loaded, its scripts named otherwise now (Try again fetches the same missing file; a reload
 * loads the new ones).
 */
export const isStaleScript = (error: Error) => /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(error.message);

export class ViewErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`${this.props.name} failed:`, error);
  }

  private readonly retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const stale = isStaleScript(error);
    return (
      <div className="view-failure" role="alert" data-testid="view-failure">
        <h2>{this.props.name} could not be shown</h2>
        <p className="mono">{error.message}</p>
        <p className="muted">
          {stale
            ? 'Its script could not be fetched: Try again when the host was only away for a moment; if the studio was rebuilt or updated since this page loaded, reload the page. Your saved work is not affected.'
            : 'Your saved work is not affected. Another workspace still works; Try again shows this one afresh.'}
        </p>
        <button type="button" onClick={this.retry}>
          Try again
        </button>
        {stale && (
          <button type="button" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        )}
      </div>
    );
  }
}
