// A person's own file in a dataset folder (reviews/<reviewer>.jsonl, adjudication/<adjudicator>.jsonl):
// any name the person typed becomes a file name there.

/** `folder`/<name>.jsonl, the name as letters, digits, '.', '_' and '-' (others become '_'); `fallback` for a blank name. */
export function personFilePath(folder: string, name: string, fallback: string): string {
  const safe = name.trim().replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
  return `${folder}/${safe || fallback}.jsonl`;
}
