// Lint while typing: a moment after the calls change, replay them in the console worker and ask
// it which entity names the seed database knows, then lint (lint.ts).
import { useEffect } from 'react';
import type { ParamSchema, ScenarioDef, Task } from '../../../../shared/format/types';
import { useAnnotateStore } from './annotateStore';
import { afterClipShown } from './clip';
import { lintCalls } from './lint';
import { toolConsole } from './toolConsoleClient';

function entityQueries(scenario: ScenarioDef, calls: { tool_name: string; parameters: Record<string, unknown> }[]) {
  const queries: { table: string; column: string; value: string }[] = [];
  for (const call of calls) {
    const tool = scenario.library.tools.find((candidate) => candidate.name === call.tool_name);
    for (const [name, value] of Object.entries(call.parameters)) {
      const schema: ParamSchema | undefined = tool?.parameters.properties?.[name];
      const match = schema?.['x-match'] ?? schema?.items?.['x-match'];
      if (!match || typeof match !== 'object') continue;
      const [table, column] = match.entity.split('.');
      for (const item of Array.isArray(value) ? value : [value]) if (typeof item === 'string' && item.trim() !== '') queries.push({ table, column, value: item });
    }
  }
  return queries;
}

export function useLint(scenario: ScenarioDef | null, task: Task | null): void {
  const calls = useAnnotateStore((state) => state.record?.calls);
  useEffect(() => {
    if (!scenario || !task || !calls) return;
    let live = true;
    const timer = window.setTimeout(async () => {
      try {
        await afterClipShown();
        if (!live) return;
        const spec = calls.map(({ tool_name, parameters }) => ({ tool_name, parameters }));
        const queries = entityQueries(scenario, spec);
        const [found, run] = await Promise.all([toolConsole.entities(scenario, queries), toolConsole.run(scenario, spec)]);
        const known = new Map(queries.map((query, index) => [`${query.table}.${query.column}\u0000${query.value}`, found[index]]));
        const results = run.outcomes.map((outcome) => ({ ok: outcome.result.ok, message: outcome.result.ok ? undefined : outcome.result.result.message }));
        const issues = lintCalls(spec, scenario.library, task, {
          entityExists: (table, column, value) => known.get(`${table}.${column}\u0000${value}`) ?? true,
          results,
        });
        if (live) useAnnotateStore.getState().setLint(issues, calls);
      } catch {
        // The console shows engine errors; lint stays as it was, as far as these calls can be linted (Submit need not wait for it).
        if (live) useAnnotateStore.getState().setLint(useAnnotateStore.getState().lint, calls);
      }
    }, 350);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [scenario, task, calls]);
}
