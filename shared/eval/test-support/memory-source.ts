// A DatasetSource over an in-memory map of files (tests, and datasets built in the renderer).
import type { DatasetSource } from '../../format/source';

export function memorySource(files: Record<string, string>, label = 'memory'): DatasetSource {
  const paths = Object.keys(files);
  const under = (dir: string) => paths.filter((p) => p.startsWith(dir.replace(/\/?$/, '/')));
  return {
    label,
    readText: async (p) => (Object.hasOwn(files, p) ? files[p] : null),
    readChunks: async (p) => (Object.hasOwn(files, p) ? [files[p]] : null) as AsyncIterable<string> | null,
    listFiles: async (dir) => under(dir),
    listDirs: async (dir) => {
      const names = new Set<string>();
      for (const p of under(dir)) {
        const rest = p.slice(dir.length + 1);
        const slash = rest.indexOf('/');
        if (slash > 0) names.add(rest.slice(0, slash));
      }
      return [...names];
    },
  };
}
