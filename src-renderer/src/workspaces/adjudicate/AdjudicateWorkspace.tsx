// The Adjudicate workspace. Empty for now: the issue that builds it fills this view.
import { WorkspacePlaceholder } from '../WorkspacePlaceholder';

export function AdjudicateWorkspace() {
  return <WorkspacePlaceholder title="Adjudicate" purpose="Compare annotators' calls side by side, settle the differences and write the ground truth." />;
}
