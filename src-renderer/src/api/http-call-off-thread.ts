// The page's side of http-call.worker.ts: one worker, started at the first call. Where there is no
// Worker, or the worker fails, calls are made on this thread instead (the same request, answered
// the same way), so a call is never lost to the worker.
import { requestApiCall, type Fetch, type HttpAnswer } from './http-call';
import type { HttpCallRequest } from './http-call.worker';

export type ApiCaller = (name: string, args: unknown[]) => Promise<HttpAnswer>;

export function offThreadCaller(token: string, fallback: Fetch): ApiCaller {
  let worker: Worker | null = null;
  let failed = typeof Worker === 'undefined';
  let nextId = 0;
  const waiting = new Map<number, { name: string; args: unknown[]; resolve(answer: HttpAnswer): void }>();
  const onThisThread: ApiCaller = (name, args) => requestApiCall(fallback, token, name, args);

  const start = (): Worker => {
    const started = new Worker(new URL('./http-call.worker.ts', import.meta.url), { type: 'module', name: 'http-call' });
    started.onmessage = (event: MessageEvent<{ id: number; answer: HttpAnswer }>) => {
      waiting.get(event.data.id)?.resolve(event.data.answer);
      waiting.delete(event.data.id);
    };
    started.onerror = () => {
      failed = true;
      worker = null;
      started.terminate();
      // The calls it held are made again here: reads, so making one twice is harmless.
      for (const { name, args, resolve } of waiting.values()) void onThisThread(name, args).then(resolve);
      waiting.clear();
    };
    return started;
  };

  return (name, args) => {
    if (failed) return onThisThread(name, args);
    worker ??= start();
    const id = nextId++;
    const request: HttpCallRequest = { id, token, name, args };
    return new Promise<HttpAnswer>((resolve) => {
      waiting.set(id, { name, args, resolve });
      worker!.postMessage(request);
    });
  };
}
