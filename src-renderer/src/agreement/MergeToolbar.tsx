// The calls' toolbar of an adjudication: take all of one annotator's calls, whose order the merged
// sequence is in (and take A's or B's), add a call neither wrote, undo and redo.
interface Props {
  names: readonly [string, string];
  /** Whose order the rows are in (mergeOrder's orderOwner). */
  owner: 'a' | 'b' | 'both' | 'own';
  onTakeAll(side: 'a' | 'b'): void;
  onOrder(side: 'a' | 'b'): void;
  onAddCall(): void;
  undo: { run(): void; can: boolean };
  redo: { run(): void; can: boolean };
}

export function MergeToolbar({ names, owner, onTakeAll, onOrder, onAddCall, undo, redo }: Props) {
  const orderText = { a: `in ${names[0]}'s order`, b: `in ${names[1]}'s order`, both: `in ${names[0]}'s and ${names[1]}'s order`, own: 'in your order' }[owner];
  return (
    <div className="alignment-tools">
      <strong>Calls</strong>
      <button type="button" onClick={() => onTakeAll('a')} data-testid="take-all-a">
        Take all {names[0]}
      </button>
      <button type="button" onClick={() => onTakeAll('b')} data-testid="take-all-b">
        Take all {names[1]}
      </button>
      <span className="muted" data-testid="merged-order">
        {orderText}
      </span>
      <button type="button" onClick={() => onOrder('b')} data-testid="order-b">
        {names[1]}'s order
      </button>
      <button type="button" onClick={() => onOrder('a')} data-testid="order-a">
        {names[0]}'s order
      </button>
      <button type="button" onClick={onAddCall} title="A call neither annotator wrote: a row of its own to write it in" data-testid="add-call">
        Add a call
      </button>
      <button type="button" onClick={undo.run} disabled={!undo.can} title="Undo the last choice, move or reference choice (Ctrl+Z)" data-testid="adjudication-undo">
        Undo
      </button>
      <button type="button" onClick={redo.run} disabled={!redo.can} title="Redo (Ctrl+Shift+Z or Ctrl+Y)" data-testid="adjudication-redo">
        Redo
      </button>
    </div>
  );
}
