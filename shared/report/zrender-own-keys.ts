// zrender (ECharts' renderer) caches text widths in an LRU keyed by the text, looked up as
// `map[text]` on a plain object. A model named "__proto__" found Object.prototype there, which the
// cache then linked into its list: every object in the process gained `prev` and `next`, and the
// SVG writer (for...in over an element's attributes) wrote them out as
// `prev next="function Object() { [native code] }"`, which is not XML. Only a key the cache holds
// itself is a hit now; any other name is measured as text.
import LRU from 'zrender/lib/core/LRU.js';

const cachedGet = LRU.prototype.get;

LRU.prototype.get = function (this: LRU<unknown>, key: string | number) {
  const held = (this as unknown as { _map: object })._map;
  return Object.hasOwn(held, key) ? cachedGet.call(this, key) : undefined;
} as typeof cachedGet;
