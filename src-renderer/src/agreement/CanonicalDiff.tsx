// The two annotators' call sequences as canonical JSON (SPEC §8.1 strings), side by side.
import { canonicalJson } from '../../../shared/eval/canonical';
import type { ToolCall } from '../../../shared/format/types';
import { TextDiff } from '../components/TextDiff';

export function canonicalText(calls: readonly ToolCall[]): string {
  return `${JSON.stringify(canonicalJson(calls.map((c) => ({ tool_name: c.tool_name.trim(), parameters: c.parameters }))), null, 2)}\n`;
}

export function CanonicalDiff({ a, b, names }: { a: readonly ToolCall[]; b: readonly ToolCall[]; names: [string, string] }) {
  return (
    <div className="adjudication-diff-wrap">
      <TextDiff original={canonicalText(a)} modified={canonicalText(b)} captions={[`${names[0]}, canonical calls`, `${names[1]}, canonical calls`]} testId="adjudication-diff" />
    </div>
  );
}
