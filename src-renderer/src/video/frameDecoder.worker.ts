// Decodes runs of frames of one clip off the main thread (mediabunny demuxes MP4/WebM/MKV and
// decodes through WebCodecs) and sends them as ImageBitmaps. Decoding a run is sequential from
// the keyframe before it, where a <video> seek re-decodes the whole group for every single step.
import { ALL_FORMATS, BlobSource, Input, VideoSampleSink } from 'mediabunny';
import type { FromFrameDecoder, ToFrameDecoder } from './frameDecoderProtocol';

interface OpenClip {
  id: number;
  input: Input;
  sink: VideoSampleSink;
  width: number;
  height: number;
}

let clip: Promise<OpenClip | null> = Promise.resolve(null);
/** The newest decode request; an older run stops at its next frame. */
let newest = 0;

const post = (message: FromFrameDecoder, transfer: Transferable[] = []) => self.postMessage(message, { transfer });
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function open(id: number, blob: Blob, maxWidth: number): Promise<OpenClip | null> {
  const input = new Input({ formats: ALL_FORMATS, source: new BlobSource(blob) });
  try {
    const track = await input.getPrimaryVideoTrack();
    if (!track) throw new Error('the clip has no video track');
    if (!(await track.canDecode())) throw new Error(`no decoder for ${track.codec ?? 'this codec'} here`);
    const scale = Math.min(1, maxWidth / track.displayWidth);
    const width = Math.max(1, Math.round(track.displayWidth * scale));
    const height = Math.max(1, Math.round(track.displayHeight * scale));
    const [end, declared] = await Promise.all([track.computeDuration().catch(() => null), track.getDurationFromMetadata().catch(() => null)]);
    post({ clip: id, type: 'opened', width, height, end, declared });
    return { id, input, sink: new VideoSampleSink(track), width, height };
  } catch (error) {
    input.dispose();
    post({ clip: id, type: 'unavailable', reason: reasonOf(error) });
    return null;
  }
}

async function decode(id: number, request: number, start: number, end: number): Promise<void> {
  const current = await clip;
  if (!current || current.id !== id || request !== newest) return;
  try {
    for await (const sample of current.sink.samples(start, end)) {
      const timestamp = sample.timestamp;
      const frame = sample.toVideoFrame();
      sample.close();
      try {
        if (request !== newest) return;
        const scaled = current.width !== frame.displayWidth || current.height !== frame.displayHeight;
        const bitmap = await (scaled ? createImageBitmap(frame, { resizeWidth: current.width, resizeHeight: current.height, resizeQuality: 'medium' }) : createImageBitmap(frame));
        post({ clip: id, type: 'frame', request, timestamp, bitmap }, [bitmap]);
      } finally {
        frame.close();
      }
    }
    post({ clip: id, type: 'decoded', request });
  } catch (error) {
    post({ clip: id, type: 'failed', request, reason: reasonOf(error) });
  }
}

self.onmessage = (event: MessageEvent<ToFrameDecoder>) => {
  const message = event.data;
  if (message.type === 'decode') {
    newest = message.request;
    void decode(message.clip, message.request, message.start, message.end);
    return;
  }
  newest++;
  const previous = clip;
  clip = previous.then((old) => {
    old?.input.dispose();
    return message.type === 'open' ? open(message.clip, message.blob, message.maxWidth) : null;
  });
};
