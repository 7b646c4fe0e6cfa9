// The entity picker's search while a name is typed (120 ms after the last key): the scenario
// database's values for the typed text, and whether the text is exactly an entity of it.
import { useEffect, useState } from 'react';
import type { ParamSchema, ScenarioDef } from '../../../../shared/format/types';
import { afterClipShown } from './clip';
import type { EntityOption } from './EntityCombobox';
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

export interface EntitySearch {
  options: EntityOption[];
  /** Whether a typed name is in the scenario's database (the hint shows for the name checked). */
  checked: { name: string; known: boolean } | null;
}

export function useEntitySearch(scenario: ScenarioDef, columns: string[], entity: string): EntitySearch {
  const [options, setOptions] = useState<EntityOption[]>([]);
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
  return { options, checked };
}
