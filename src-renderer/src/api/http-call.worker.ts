// Studio API calls whose answers are big (a dataset's tasks and ground truth: megabytes of JSON)
// run here, so that receiving, decoding and parsing them never holds the page's thread: on a busy
// two-core machine that was a 100-135 ms task in the first scroll of a 100,000-row Replay list.
import { requestApiCall, type HttpAnswer } from './http-call';

export interface HttpCallRequest {
  id: number;
  token: string;
  name: string;
  args: unknown[];
}

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<HttpCallRequest>) => {
  const { id, token, name, args } = event.data;
  const answer: HttpAnswer = await requestApiCall((input, init) => fetch(input, init), token, name, args);
  scope.postMessage({ id, answer });
};
