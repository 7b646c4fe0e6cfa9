// A person's own file in a dataset folder (reviews/<reviewer>.jsonl, adjudication/<adjudicator>.jsonl):
// any name the person typed becomes a file name there.
import { hashText } from '../db/annotationFile';

/**
 * `folder`/<name>.jsonl, the name as letters, digits, '.', '_' and '-' (others become '_');
 * `fallback` for a blank name. A name with any letter beyond ASCII also gets a hash of itself
 * (`王伟` -> `__-1x2y3z.jsonl`): every such letter became '_', so two names of one length in
 * another script shared one file, and one adjudicator took up the other's drafts. ASCII names keep
 * the file they always had.
 */
export function personFilePath(folder: string, name: string, fallback: string): string {
  const trimmed = name.trim();
  const safe = trimmed.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
  // eslint-disable-next-line no-control-regex -- the test is for anything beyond ASCII
  const own = /[^\u0000-\u007f]/.test(trimmed) ? `${safe}-${hashText(trimmed).split(':')[0]}` : safe;
  return `${folder}/${own || fallback}.jsonl`;
}
