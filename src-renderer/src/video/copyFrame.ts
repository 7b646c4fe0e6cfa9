// The frame on screen as a PNG, for the clipboard (a reviewer pastes it into a bug report): the
// decoded frame drawn over the video while stepping, else the <video>, at the clip's own size.

/** A PNG of what the player in `host` shows now. */
export async function framePng(host: HTMLElement): Promise<Blob> {
  const overlay = host.querySelector<HTMLCanvasElement>('.frame-overlay:not([hidden])');
  const video = host.querySelector('video');
  if (!video || video.videoWidth === 0) throw new Error('the clip shows no frame yet');
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')!.drawImage(overlay ?? video, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the frame could not be encoded as PNG');
  return blob;
}

/** Puts the frame on screen on the clipboard as image/png. */
export async function copyFrameToClipboard(host: HTMLElement): Promise<void> {
  if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) throw new Error('this window cannot put images on the clipboard');
  // The item takes a promise, so the write starts within the user's gesture.
  await navigator.clipboard.write([new ClipboardItem({ 'image/png': framePng(host) })]);
}
