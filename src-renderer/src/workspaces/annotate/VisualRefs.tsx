// Visual references: the marked frame range, the entity picked from the scenario database (with
// search), a description, and the call parameter it fills.
import { useMemo } from 'react';
import type { ScenarioDef } from '../../../../shared/format/types';
import { frameRangeToSeconds } from '../../../../shared/frames/frames';
import { newId } from '../../db/annotationDb';
import type { VisualRefEntry } from '../../db/schema';
import { noCalls, noRefs, useAnnotateStore, useOpenTask } from './annotateStore';
import { EntityCombobox } from './EntityCombobox';
import { refDraftKey, useRefDraft } from './refDraft';
import { entityColumns, useEntitySearch } from './useEntitySearch';
import { VisualRefList } from './VisualRefList';

export function VisualRefs({ scenario }: { scenario: ScenarioDef }) {
  const { fps } = useOpenTask();
  const refs = useAnnotateStore((state) => state.record?.visual_refs ?? noRefs);
  const calls = useAnnotateStore((state) => state.record?.calls ?? noCalls);
  const markIn = useAnnotateStore((state) => state.markIn);
  const markOut = useAnnotateStore((state) => state.markOut);
  const edit = useAnnotateStore((state) => state.edit);
  const columns = useMemo(() => entityColumns(scenario), [scenario]);
  // The reference being made is a draft of the task's (refDraft.ts): a look at the console or a reload keeps it.
  const draftKey = useAnnotateStore((state) => (state.record ? refDraftKey(state.record) : ''));
  const recordTask = useAnnotateStore((state) => state.record?.task ?? '');
  const { form, setForm } = useRefDraft(draftKey, recordTask);
  const { entity, description, binding } = form;
  const setEntity = (value: string) => setForm({ entity: value });
  const { options, checked } = useEntitySearch(scenario, columns, entity);

  const setRefs = (next: VisualRefEntry[]) => edit({ visual_refs: next });
  const canAdd = markIn !== null && markOut !== null && entity.trim() !== '';
  const bindings = calls.flatMap((call, index) => Object.keys(call.parameters).map((param) => ({ value: `${call.id}|${param}`, label: `${index + 1}. ${call.tool_name}.${param}` })));

  return (
    <section className="visual-refs" aria-label="Visual references">
      <form
        className="ref-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!canAdd) return;
          const first = Math.min(markIn!, markOut!);
          const last = Math.max(markIn!, markOut!);
          const [call, param] = binding ? binding.split('|') : [];
          setRefs([
            ...refs,
            {
              id: newId('r'),
              description: description.trim(),
              entity: entity.trim(),
              ...frameRangeToSeconds(first, last, fps),
              start_frame: first,
              end_frame: last,
              binding: call && param ? { call, param } : null,
            },
          ]);
          // Ready for the next reference; the emptied form disables Add, which would drop its focus to <body>.
          (event.currentTarget.elements.namedItem('entity') as HTMLInputElement | null)?.focus();
          setForm({ entity: '', description: '', binding: '' });
        }}
      >
        <span className="muted">
          Frames {markIn ?? '–'} to {markOut ?? '–'} (I / O)
        </span>
        <EntityCombobox value={entity} onChange={setEntity} options={options} />
        {checked !== null && !checked.known && checked.name === entity.trim() && (
          <span className="ref-unknown" role="status" data-testid="ref-entity-unknown">
            Not in the {scenario.id} database: pick a name from the list, or describe what the clip shows
          </span>
        )}
        <input aria-label="Description" data-testid="ref-description" placeholder='Phrase, e.g. "the bottle in my left hand"' value={description} onChange={(event) => setForm({ description: event.target.value })} />
        <select aria-label="Fills parameter" value={binding} onChange={(event) => setForm({ binding: event.target.value })}>
          <option value="">Fills parameter…</option>
          {bindings.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <button type="submit" disabled={!canAdd} data-testid="ref-add">
          Add reference
        </button>
      </form>
      <VisualRefList refs={refs} calls={calls} onRefs={setRefs} />
    </section>
  );
}
