// Host-side fan-out of StudioEvents: services emit, each host forwards to its renderers
// (Electron: webContents.send; browser host: Server-Sent Events).
import type { StudioEventName, StudioEvents } from '../../shared/api/studio-events';

export type StudioEventSink = <E extends StudioEventName>(name: E, payload: StudioEvents[E]) => void;

export class StudioEventBus {
  private readonly sinks = new Set<StudioEventSink>();

  emit<E extends StudioEventName>(name: E, payload: StudioEvents[E]): void {
    for (const sink of this.sinks) sink(name, payload);
  }

  /** Returns the function that removes the sink again. */
  subscribe(sink: StudioEventSink): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }
}
