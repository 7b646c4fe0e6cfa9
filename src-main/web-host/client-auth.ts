// Who a browser-host request comes from, and so which handlers answer it. One local user: the
// run's token (printed at start) and the studio's handlers as they are. A team (--team): each
// person's own token, looked up in team.json, and the handlers guarded for that person's role
// (services/team/team-access.ts). Media URLs carry no header, only a media token signed with a
// key derived from the client's token; a team host learns each person's key from their API calls
// (a page always calls the API before it builds a media URL) and keeps it in memory only.
import type { IncomingMessage } from 'node:http';
import type { StudioHandlers } from '../../shared/api/studio-api';
import type { TeamIdentity } from '../../shared/api/team';
import { mediaKeyFor, verifyMediaToken } from '../../shared/api/web-auth';
import type { StudioHost } from '../services/studio-host';
import { blindEventFilter, blindFilter, guardHandlers, type EventFilter } from '../services/team/team-access';
import type { TeamRoster } from '../services/team/team-roster';
import type { StreamListener } from './event-stream';
import { hasValidTokenHeader, tokenFromHeader } from './token-auth';

export interface MediaRequest {
  datasetId: string;
  filePath: string;
  mediaToken: string | null;
  nowSeconds: number;
}

export interface ClientAuth {
  /** The handlers this request may use, or null when its token is missing or unknown. */
  handlersFor(request: IncomingMessage): Promise<StudioHandlers | null>;
  /** Null when the media request may be served, else why not. */
  mediaRefusal(request: IncomingMessage, media: MediaRequest): Promise<string | null>;
  /** What the request's event stream leaves out, and whether its link still holds (checked per event). */
  streamListener(request: IncomingMessage): Promise<StreamListener>;
  readonly refusedMessage: string;
}

export function singleUserAuth(studio: StudioHost, token: string): ClientAuth {
  const mediaKey = mediaKeyFor(token);
  return {
    refusedMessage: 'open the URL with ?token= that the studio printed when it started',
    handlersFor: async (request) => (hasValidTokenHeader(request, token) ? studio.handlers : null),
    mediaRefusal: async (request, media) =>
      hasValidTokenHeader(request, token) || verifyMediaToken(mediaKey, media.datasetId, media.filePath, media.mediaToken, media.nowSeconds)
        ? null
        : 'media URL without a valid media token (expired, or for another file)',
    streamListener: async () => ({ filter: null, stillAllowed: async () => true }),
  };
}

export function teamAuth(studio: StudioHost, roster: TeamRoster): ClientAuth {
  const context = { rootOf: (datasetId: string) => studio.catalog.rootOf(datasetId), teamFile: roster.realFile };
  const guarded = new Map<string, StudioHandlers>();
  /** token -> its media key, for the tokens seen on API calls since the host started. */
  const mediaKeys = new Map<string, Uint8Array>();
  const handlersOf = (person: TeamIdentity) => {
    const key = `${person.role}:${person.name}`;
    let handlers = guarded.get(key);
    if (!handlers) guarded.set(key, (handlers = guardHandlers(studio.handlers, person, context)));
    return handlers;
  };
  const personFor = async (token: string): Promise<TeamIdentity | null> => {
    const person = await roster.identify(token);
    if (person && !mediaKeys.has(token)) mediaKeys.set(token, mediaKeyFor(token));
    if (!person) mediaKeys.delete(token);
    return person;
  };
  return {
    refusedMessage: 'open the studio with your personal link (ask whoever runs the team host: npx egostudio team-add)',
    handlersFor: async (request) => {
      const token = tokenFromHeader(request);
      const person = token ? await personFor(token) : null;
      return person ? handlersOf(person) : null;
    },
    streamListener: async (request) => {
      const token = tokenFromHeader(request);
      const person = token ? await personFor(token) : null;
      const filter: EventFilter | null = person ? blindEventFilter(person, context.rootOf) : null;
      // The same person as when the stream opened: a new link for them, their removal or a new role ends it.
      const stillAllowed = async () => {
        const now = token && person ? await roster.identify(token) : null;
        return now !== null && now.name === person?.name && now.role === person.role;
      };
      return { filter, stillAllowed };
    },
    mediaRefusal: async (request, media) => {
      // The header's person (a fetch from the page), else the one whose key signed the media token (a <video>'s request).
      const header = tokenFromHeader(request);
      let person = header ? await personFor(header) : null;
      if (!person) {
        const signer = [...mediaKeys].find(([, key]) => verifyMediaToken(key, media.datasetId, media.filePath, media.mediaToken, media.nowSeconds))?.[0];
        person = signer ? await personFor(signer) : null;
      }
      if (!person) return 'media URL without a valid media token (expired, for another file, or from before the host restarted: reload the page)';
      // A blind annotator must not download another annotator's file through a media URL either.
      if (await blindFilter(person, studio.catalog.rootOf(media.datasetId), media.filePath))
        return `${media.filePath} is hidden while the project annotates blind (another's work, or scores)`;
      return null;
    },
  };
}
