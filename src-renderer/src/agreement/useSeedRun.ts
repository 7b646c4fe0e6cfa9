// Runs a sequence of calls on its scenario's seed database (agreementClient's worker) as the calls
// change (GroundTruthAlone: the ground truth, or its correction as typed).
import { useEffect, useState } from 'react';
import type { ToolCall } from '../../../shared/format/types';
import { agreementClient } from './agreementClient';
import type { RunOutcome } from './protocol';

/** The outcome of running `calls` on the scenario's seed, for the calls it was run with. */
export function useSeedRun(scenarioId: string, calls: readonly ToolCall[]) {
  const key = JSON.stringify(calls);
  const [run, setRun] = useState<{ of: string; outcome: RunOutcome | null; error: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    agreementClient.run(scenarioId, JSON.parse(key) as ToolCall[]).then(
      (outcome) => live && setRun({ of: key, outcome, error: null }),
      (error: unknown) => live && setRun({ of: key, outcome: null, error: (error as Error).message }),
    );
    return () => {
      live = false;
    };
  }, [key, scenarioId]);
  return run?.of === key ? run : null;
}
