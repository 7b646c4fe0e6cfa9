// The task open in Adjudicate: the one the address names, an audit suspect's, or the one chosen
// (which the address then names).
import { useState } from 'react';
import { useSuspectLink } from '../replay/audit/auditClient';
import { useTaskLink } from '../taskLink';

export function useLinkedTask() {
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
  return { taskId, chooseTask, suspectLink };
}
