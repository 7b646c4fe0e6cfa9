// Visual references: the marked frame range, the entity picked from the scenario database (with
// search), a description, and the call parameter it fills.
import { useEffect, useMemo, useState } from 'react';
import type { ParamSchema, ScenarioDef } from '../../../../shared/format/types';
import { frameRangeToSeconds } from '../../../../shared/frames/frames';
import { newId } from '../../db/annotationDb';
import type { VisualRefEntry } from '../../db/schema';
import { noCalls, noRefs, useAnnotateStore, useOpenTask } from './annotateStore';
import { afterClipShown, seekFrame } from './clip';
import { EntityCombobox, type EntityOption } from './EntityCombobox';
import { refDraftKey, useRefDraft } from './refDraft';
import { toolConsole } from './toolConsoleClient';

/** The TABLE.COLUMN entity columns the scenario's tools name with x-match. */
export function entityColumns(scenario: ScenarioDef): string[] {
  const columns = new Set<string>();
  const visit = (schema: ParamSchema | undefined) => {
    if (!schema) return;
    const match = schema['x-match'];
    if (match && typeof match === 'object' && typeof match.entity === 'string') columns.add(match.entity);
    Object.values(schema.properties ?? {}).forEach(visit);
    visit(schema.items);
  };
  scenario.library.tools.forEach((tool) => visit(tool.parameters));
  return [...columns].sort();
}

/** "table.column" and a value, as the console's entity lookup takes them. */
function entityQuery(qualified: string, value: string): { table: string; column: string; value: string } {
  const [table, column] = qualified.split('.');
  return { table, column, value };
}

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
  /** The reference deleted last, and where it was, for Undo. */
  const [removed, setRemoved] = useState<{ ref: VisualRefEntry; index: number } | null>(null);
  const [options, setOptions] = useState<EntityOption[]>([]);
  /** Whether a typed name is in the scenario's database (the hint shows for the name checked). */
  const [checked, setChecked] = useState<{ name: string; known: boolean } | null>(null);

  useEffect(() => {
    let live = true;
    const timer = window.setTimeout(() => {
      // The first search starts the console worker (SQLite, the scenario's database): after the
      // clip's first frame, which it would otherwise compete with for the cores.
      void afterClipShown()
        .then(() => (live ? toolConsole.search(scenario, columns, entity, 12) : null))
        .then((values) => live && values && setOptions(values), () => live && setOptions([]));
      // Whether the typed name is an entity of the database (exactly), for the hint under it. Only
      // x-match columns say so: without them the picker offers name columns, but a free
      // description is as good as any (nothing would match it against the database).
      const name = entity.trim();
      if (name !== '' && columns.length > 0)
        void afterClipShown()
          .then(() => (live ? toolConsole.entities(scenario, columns.map((qualified) => entityQuery(qualified, name))) : null))
          .then((found) => live && found && setChecked({ name, known: found.some(Boolean) }), () => undefined);
    }, 120);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [scenario, columns, entity]);

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
      <ul className="ref-list" data-testid="visual-ref-list">
        {refs.map((ref) => {
          const call = calls.findIndex((entry) => entry.id === ref.binding?.call);
          return (
            <li key={ref.id}>
              <button type="button" className="link" onClick={() => void seekFrame(ref.start_frame)} title="Go to the first frame">
                f{ref.start_frame}–{ref.end_frame}
              </button>
              <strong>{ref.entity}</strong>
              <span className="muted">{ref.description}</span>
              {ref.binding && <code>{call >= 0 ? `${call + 1}.` : '?'}{ref.binding.param}</code>}
              <button
                type="button"
                title="Delete"
                aria-label={`Delete the reference to ${ref.entity}`}
                onClick={() => {
                  setRemoved({ ref, index: refs.indexOf(ref) });
                  setRefs(refs.filter((entry) => entry.id !== ref.id));
                }}
              >
                ✕
              </button>
            </li>
          );
        })}
        {refs.length === 0 && <li className="muted">No visual reference yet.</li>}
        {removed && (
          <li className="ref-removed muted" role="status" data-testid="ref-removed">
            Deleted the reference to {removed.ref.entity} (f{removed.ref.start_frame}–{removed.ref.end_frame}).{' '}
            <button
              type="button"
              className="link"
              onClick={() => {
                if (!refs.some((entry) => entry.id === removed.ref.id)) setRefs([...refs.slice(0, removed.index), removed.ref, ...refs.slice(removed.index)]);
                setRemoved(null);
              }}
              data-testid="ref-undo"
            >
              Undo
            </button>
          </li>
        )}
      </ul>
    </section>
  );
}
