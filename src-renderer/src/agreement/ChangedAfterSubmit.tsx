// Says when an annotator changed a task after submitting it. In blind annotation, submitting is
// what shows an annotator the other's work, so a change after it may follow the other's calls
// (nothing on the host can tell peeking from a late second thought): the adjudicator weighs it.
import { useMemo } from 'react';
import type { Annotation } from '../../../shared/format/types';
import { useAgreementData } from './agreementData';

/** Tasks that either annotator of the pair changed after submitting them. */
export function useChangedTasks(pair: readonly [string, string] | null): ReadonlySet<string> {
  const changed = useAgreementData((s) => s.changedAfterSubmit);
  return useMemo(() => new Set(pair ? pair.flatMap((name) => [...(changed.get(name)?.keys() ?? [])]) : []), [changed, pair]);
}

interface Props {
  taskId: string;
  /** The two annotators compared, with their winning lines. */
  names: readonly [string, string];
  current: readonly [Annotation, Annotation];
}

export function ChangedAfterSubmit({ taskId, names, current }: Props) {
  const changed = useAgreementData((s) => s.changedAfterSubmit);
  const blind = useAgreementData((s) => s.settings.hideAgreementWhileAnnotating);
  const notices = names.flatMap((name, i) => {
    const submitted = changed.get(name)?.get(taskId);
    return submitted ? [{ name, other: names[1 - i], submitted, now: current[i] }] : [];
  });
  if (notices.length === 0) return null;
  return (
    <div className="changed-after-submit" role="status" data-testid="changed-after-submit">
      {notices.map(({ name, other, submitted, now }) => (
        <details key={name} data-annotator={name}>
          <summary>
            {name} changed this task after submitting it: revision {submitted.revision} ({submitted.calls.length} call(s), submitted {when(submitted.updated_at)}) → revision{' '}
            {now.revision} ({now.calls.length} call(s)
            {JSON.stringify(submitted.visual_refs) !== JSON.stringify(now.visual_refs) ? ', other visual references' : ''}).
            {blind && ` Annotation is blind: submitting showed ${name} ${other}'s annotation, so the later version may follow it.`}
          </summary>
          <pre data-testid="submitted-calls">{JSON.stringify(submitted.calls, null, 1)}</pre>
        </details>
      ))}
    </div>
  );
}

const when = (iso: string) => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : new Date(time).toLocaleString();
};
