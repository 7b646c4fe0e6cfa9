// SPEC §6 orders trajectory files by the code points of their paths. JavaScript's default sort
// compares UTF-16 code units, which differs for characters outside the Basic Multilingual Plane.

export function compareCodePoints(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  const length = Math.min(left.length, right.length);
  for (let i = 0; i < length; i++) {
    const difference = left[i].codePointAt(0)! - right[i].codePointAt(0)!;
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}
