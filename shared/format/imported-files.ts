// Trajectory files a user imports to score against the open dataset (Replay's Import, drop, and
// the desktop's File > Import Trajectory Files/Folder...): what every path refuses alike.
import { safeJsonParse } from './safe-json';

/** Above this, a file is refused: the renderer holds every imported line in memory. */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

export const tooLargeToImport = (bytes: number) => `file of ${bytes} bytes is larger than the import limit (${MAX_IMPORT_BYTES / (1024 * 1024)} MiB); skipped`;

/**
 * Why a file named *.json cannot be imported as trajectories, or null: it holds one JSON document
 * over several lines (an EgoBench release's results file, a pretty-printed array), not JSON Lines,
 * which would otherwise give a problem per line. A one-line *.json is read as JSON Lines.
 */
export function wholeJsonDocument(name: string, text: string): string | null {
  if (!name.toLowerCase().endsWith('.json')) return null;
  const body = text.trim();
  if (!/^[[{]/.test(body) || !body.includes('\n')) return null;
  // Not one document (or nested too deep to tell): its lines are checked one by one as usual.
  if (!safeJsonParse(body).ok) return null;
  return 'one JSON document over several lines, not JSON Lines (one trajectory per line, SPEC §6); an EgoBench release\'s results file is imported with File > Import EgoBench Release... or `egostudio import-egobench`; skipped';
}
