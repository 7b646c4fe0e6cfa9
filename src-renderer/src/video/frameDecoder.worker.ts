// Decodes runs of frames of one clip off the main thread (mediabunny demuxes MP4/WebM/MKV and
// decodes through WebCodecs) and sends them as ImageBitmaps. Decoding a run is sequential from
// the keyframe before it, where a <video> seek re-decodes the whole group for every single step.
import { ALL_FORMATS, BlobSource, EncodedPacketSink, Input, VideoSampleSink, type EncodedPacket, type InputVideoTrack } from 'mediabunny';
import type { ClipLength, FromFrameDecoder, ToFrameDecoder } from './frameDecoderProtocol';

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
    post({ clip: id, type: 'opened', width, height });
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

/** Reads the packet table (in WebM, the clusters) of its own copy of the input; decodes nothing. */
async function probe(id: number, blob: Blob): Promise<void> {
  const input = new Input({ formats: ALL_FORMATS, source: new BlobSource(blob) });
  let length: ClipLength = { end: null, declared: null, fps: null, start: 0 };
  try {
    const track = await input.getPrimaryVideoTrack();
    if (track) length = { end: await readableEnd(track), declared: await track.getDurationFromMetadata().catch(() => null), fps: await frameRate(track), start: await firstTimestamp(track) };
  } catch {
    // An unreadable container: the <video> says what it can (its error), nothing is known here.
  } finally {
    input.dispose();
  }
  post({ type: 'probed', probe: id, ...length });
}

/** Every packet of the file's video track counted (a WebM's clusters read through), apart from the probe, which steps wait for. */
async function count(id: number, blob: Blob): Promise<void> {
  const input = new Input({ formats: ALL_FORMATS, source: new BlobSource(blob) });
  let frames: number | null = null;
  try {
    const track = await input.getPrimaryVideoTrack();
    if (track) frames = (await track.computePacketStats(Infinity)).packetCount;
  } catch {
    // Unreadable: nothing is said of it here (the player says what it can).
  } finally {
    input.dispose();
  }
  post({ type: 'counted', probe: id, frames });
}

/** Frames per second from the first packets' timestamps (mediabunny fits them to a rate), or null. */
async function frameRate(track: InputVideoTrack): Promise<number | null> {
  const metrics = await track.computeFrameRateMetrics({ targetPacketCount: FRAME_RATE_PACKETS }).catch(() => null);
  const fps = metrics?.underlyingFrameRate ?? metrics?.bestGuessFrameRate ?? null;
  return fps !== null && Number.isFinite(fps) && fps > 0 ? fps : null;
}

/**
 * When the first frame is presented (seconds): 0 for most clips, later after a start offset or for
 * B-frames muxed without an edit list. Before 0 (an edit list cutting in) or unreadable reads as 0.
 */
async function firstTimestamp(track: InputVideoTrack): Promise<number> {
  const first = await track.getFirstTimestamp().catch(() => 0);
  return Number.isFinite(first) && first > 0 ? first : 0;
}

/** Packets read for the frame rate: a few seconds of any clip. */
const FRAME_RATE_PACKETS = 120;

/**
 * Where the last packet whose bytes the file holds ends (seconds). A WebM's clusters are read as
 * they come, so a cut one ends early; an MP4 lists every packet in its header (moov), whether its
 * bytes follow or not, so there the packets' data is read: the last one, and when it is missing
 * the last readable one, by halving (a read beyond the file gives no packet).
 */
async function readableEnd(track: InputVideoTrack): Promise<number | null> {
  const listed = await track.computeDuration().catch(() => null);
  if (listed === null || listed <= 0) return listed;
  const sink = new EncodedPacketSink(track);
  const at = (time: number) => sink.getPacket(time).catch(() => null);
  const endOf = (packet: EncodedPacket) => packet.timestamp + packet.duration;
  const last = await at(Infinity);
  if (last) return endOf(last);
  // The first packet may start after 0 (B-frames without an edit list, a WebM's offset start).
  let readable = await sink.getFirstPacket().catch(() => null);
  if (!readable) return 0;
  // Packets start at or after `from` up to `missing`, where they are missing. Each step reads
  // one packet; twenty get below a millisecond on a 30 s clip.
  let from = readable.timestamp;
  let missing = listed;
  for (let i = 0; i < 20 && missing - from > 0.001; i++) {
    const mid = (from + missing) / 2;
    const packet = await at(mid);
    if (!packet) {
      missing = mid;
      continue;
    }
    if (packet.timestamp > readable.timestamp) readable = packet;
    from = mid;
  }
  return endOf(readable);
}

self.onmessage = (event: MessageEvent<ToFrameDecoder>) => {
  const message = event.data;
  if (message.type === 'probe') {
    void probe(message.probe, message.blob);
    return;
  }
  if (message.type === 'count') {
    void count(message.probe, message.blob);
    return;
  }
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
