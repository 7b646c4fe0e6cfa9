// Saving exports (a download in the browser, a save prompt in Electron) and copying text.

export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function saveText(fileName: string, text: string, type: string): void {
  saveBlob(fileName, new Blob([text], { type: `${type};charset=utf-8` }));
}

/** Saves a base64 data: URL (fetching it would need connect-src data:, which the CSP refuses). */
export function saveDataUrl(fileName: string, dataUrl: string): void {
  const [head, data] = dataUrl.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  saveBlob(fileName, new Blob([bytes], { type }));
}

/** Copies text; throws with a readable reason when the clipboard refuses. */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('the clipboard is not available here');
  await navigator.clipboard.writeText(text);
}

/** A file-name friendly stem: "EgoBench sample" -> "egobench-sample". */
export function fileStem(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'report';
}
