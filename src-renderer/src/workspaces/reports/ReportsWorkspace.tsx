// The Reports workspace. Empty for now: the issue that builds it fills this view.
import { WorkspacePlaceholder } from '../WorkspacePlaceholder';

export function ReportsWorkspace() {
  return <WorkspacePlaceholder title="Reports" purpose="Metrics, error taxonomy and agreement for the open dataset." />;
}
