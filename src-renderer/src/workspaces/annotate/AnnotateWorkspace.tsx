// The Annotate workspace. Empty for now: the issue that builds it fills this view.
import { WorkspacePlaceholder } from '../WorkspacePlaceholder';

export function AnnotateWorkspace() {
  return <WorkspacePlaceholder title="Annotate" purpose="Pick a task, watch its clip, mark the visual references and write the key tool calls." />;
}
