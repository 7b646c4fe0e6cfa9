// Keys in a dataset are data: a parameter, a model or a mode may be named `__proto__`,
// `constructor` or `prototype`. Plain assignment (`out[key] = value`) would call the `__proto__`
// setter instead of storing the key (the key vanishes, the object's prototype changes), so code
// that copies keys from data defines them.

/**
 * Stores `key` as an own, enumerable data property, whatever its name. Only `__proto__` is an
 * accessor on Object.prototype; any other name is stored by plain assignment, which is many times
 * faster than defining it (matching and the engine copy parameters this way on every call).
 */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** A dictionary keyed by names from data: no prototype, so no name is special and none is inherited. */
export function dataRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** `table[key]` when the table holds that key itself; never an inherited member (a mode named `constructor` is no function). */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** True for a JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
