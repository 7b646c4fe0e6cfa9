// A DatasetSource over message passing: the worker asks, the main thread reads through
// window.studio and answers (see studioSource.ts).
import type { DatasetSource } from '../../../shared/format/source';
import type { FromWorker, SourceOp, ToWorker } from './protocol';

type ReadReply = Extract<ToWorker, { type: 'read-reply' }>;

export class RemoteSource implements DatasetSource {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  constructor(
    readonly label: string,
    private readonly post: (message: Extract<FromWorker, { type: 'read' }>) => void,
  ) {}

  private request<T>(op: SourceOp, path: string): Promise<T> {
    const requestId = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(requestId, { resolve: resolve as (value: unknown) => void, reject });
      this.post({ type: 'read', requestId, op, path });
    });
  }

  reply(message: ReadReply): void {
    const waiting = this.pending.get(message.requestId);
    if (!waiting) return;
    this.pending.delete(message.requestId);
    if (message.error !== undefined) waiting.reject(new Error(message.error));
    else waiting.resolve(message.value);
  }

  readText(path: string): Promise<string | null> {
    return this.request<string | null>('readText', path);
  }

  async readChunks(path: string): Promise<AsyncIterable<string> | null> {
    const text = await this.readText(path);
    return text === null ? null : oneChunk(text);
  }

  listFiles(dir: string): Promise<string[]> {
    return this.request<string[]>('listFiles', dir);
  }

  listDirs(dir: string): Promise<string[]> {
    return this.request<string[]>('listDirs', dir);
  }
}

async function* oneChunk(text: string): AsyncGenerator<string> {
  yield text;
}
