// Errors that cross the API boundary keep a machine-readable code. Electron's contextBridge only
// copies an Error's message, so the code also travels inside the message as a `[code] ` prefix.

// 'conflict': a conditional write found the file changed since the caller read it (HTTP 409).
// 'unreachable': the renderer could not reach the host at all (network down, host stopped).
// 'unresolved': the line to change is in the file twice, or inside a git merge conflict: a person
// must keep one (reading the file again, as after a 'conflict', would find it the same).
export const studioErrorCodes = ['invalid-args', 'forbidden', 'not-found', 'not-open', 'conflict', 'unresolved', 'unreachable', 'internal'] as const;
export type StudioErrorCode = (typeof studioErrorCodes)[number];

export class StudioError extends Error {
  constructor(
    readonly code: StudioErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StudioError';
  }

  /** The message as sent over IPC, e.g. `[not-found] tasks.jsonl does not exist`. */
  toWireMessage(): string {
    return `[${this.code}] ${this.message}`;
  }

  /** Rebuilds a StudioError from anything thrown by a transport (IPC rejection, HTTP body). */
  static from(error: unknown): StudioError {
    if (error instanceof StudioError) return error;
    const raw = error instanceof Error ? error.message : String(error);
    // Electron prefixes rejected invoke() messages with "Error invoking remote method '...': Error: ".
    const match = /\[([a-z-]+)\] (.*)$/s.exec(raw);
    if (match && isStudioErrorCode(match[1])) return new StudioError(match[1], match[2]);
    return new StudioError('internal', raw);
  }
}

export function isStudioErrorCode(value: unknown): value is StudioErrorCode {
  return typeof value === 'string' && (studioErrorCodes as readonly string[]).includes(value);
}
