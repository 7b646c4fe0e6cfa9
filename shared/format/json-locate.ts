// Where a value sits in a JSON text that is already known to be valid: the offset of the value
// at a path such as ['tools', 12, 'effect']. Each container is indexed (its keys or items and
// their offsets) only when a lookup passes through it, once, with a flat scan that skips the
// values it does not need; so locating many problems in one file stays linear in its size, and
// nothing recurses (a deep file cannot overflow the stack).

type Children = { kind: 'object'; keys: Map<string, number> } | { kind: 'array'; items: number[] };

export class JsonLocator {
  private readonly children = new Map<number, Children | null>();
  private readonly root: number;

  constructor(private readonly text: string) {
    this.root = this.skipSpace(text.charCodeAt(0) === 0xfeff ? 1 : 0);
  }

  /** Offset of the value at `path`, or of its deepest ancestor that exists. */
  offsetOf(path: readonly PropertyKey[]): number {
    let offset = this.root;
    for (const segment of path) {
      const children = this.childrenAt(offset);
      let next: number | undefined;
      if (children?.kind === 'array' && typeof segment === 'number') next = children.items[segment];
      else if (children?.kind === 'object') next = children.keys.get(String(segment));
      if (next === undefined) return offset;
      offset = next;
    }
    return offset;
  }

  private childrenAt(offset: number): Children | null {
    let children = this.children.get(offset);
    if (children === undefined) {
      children = this.scanChildren(offset);
      this.children.set(offset, children);
    }
    return children;
  }

  private scanChildren(offset: number): Children | null {
    const { text } = this;
    const open = text.charCodeAt(offset);
    if (open === 123 /* { */) {
      const keys = new Map<string, number>();
      let i = this.skipSpace(offset + 1);
      while (i < text.length && text.charCodeAt(i) === 34 /* " */) {
        const keyEnd = this.skipString(i);
        const raw = text.slice(i + 1, keyEnd - 1);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(i, keyEnd)) as string) : raw;
        i = this.skipSpace(this.skipSpace(keyEnd) + 1); // past ':'
        keys.set(key, i);
        i = this.skipSpace(this.skipValue(i));
        if (text.charCodeAt(i) !== 44 /* , */) break;
        i = this.skipSpace(i + 1);
      }
      return { kind: 'object', keys };
    }
    if (open === 91 /* [ */) {
      const items: number[] = [];
      let i = this.skipSpace(offset + 1);
      while (i < text.length && text.charCodeAt(i) !== 93 /* ] */) {
        items.push(i);
        i = this.skipSpace(this.skipValue(i));
        if (text.charCodeAt(i) !== 44) break;
        i = this.skipSpace(i + 1);
      }
      return { kind: 'array', items };
    }
    return null;
  }

  private skipSpace(i: number): number {
    const { text } = this;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else return i;
    }
  }

  /** From an opening quote to just past the closing one. */
  private skipString(i: number): number {
    const { text } = this;
    for (i++; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 92 /* \ */) i++;
      else if (c === 34) return i + 1;
    }
    return text.length;
  }

  /** From the start of a value to just past its end. */
  private skipValue(i: number): number {
    const { text } = this;
    const first = text.charCodeAt(i);
    if (first === 34) return this.skipString(i);
    if (first === 123 || first === 91) {
      let depth = 0;
      for (; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 34) i = this.skipString(i) - 1;
        else if (c === 123 || c === 91) depth++;
        else if (c === 125 || c === 93) {
          depth--;
          if (depth === 0) return i + 1;
        }
      }
      return text.length;
    }
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 44 || c === 125 || c === 93 || c === 32 || c === 10 || c === 13 || c === 9) return i;
    }
    return i;
  }
}
