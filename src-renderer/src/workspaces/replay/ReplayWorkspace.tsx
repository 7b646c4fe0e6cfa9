// The Replay workspace. Empty for now: the issue that builds it fills this view.
import { WorkspacePlaceholder } from '../WorkspacePlaceholder';

export function ReplayWorkspace() {
  return <WorkspacePlaceholder title="Replay" purpose="Step through an agent trajectory: dialogue, tool calls and the database state after each call." />;
}
