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
    return (
      <div className="view-failure" role="alert" data-testid="view-failure">
        <h2>{this.props.name} could not be shown</h2>
        <p className="mono">{error.message}</p>
        <p className="muted">Your saved work is not affected. Another workspace still works; Try again shows this one afresh.</p>
        <button type="button" onClick={this.retry}>
          Try again
        </button>
      </div>
    );
  }
}
