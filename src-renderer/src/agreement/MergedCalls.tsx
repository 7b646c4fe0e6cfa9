import type { ToolCall } from '../../../shared/format/types';

/** The merged sequence as it would be written, with what keeps it from being written (an edit that does not parse). */
export function MergedCalls({ merged }: { merged: { calls: readonly ToolCall[]; errors: readonly string[] } }) {
  return (
    <div className="merged" data-testid="merged-calls">
      <strong>Merged sequence ({merged.calls.length} call(s))</strong>
      {merged.errors.map((e) => (
        <div key={e} className="agreement-error">
          {e}
        </div>
      ))}
      <ol>
        {merged.calls.map((call, i) => (
          <li key={i}>
            <code>{call.tool_name}</code> {JSON.stringify(call.parameters)}
          </li>
        ))}
      </ol>
    </div>
  );
}
