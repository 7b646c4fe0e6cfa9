// Failed host calls as a person reads them in the status bar: what failed, why (one line, no
// stack, no bare HTTP code), and what to do about it.
import { StudioError } from '../../../shared/api/studio-error';

/** The cause in one line: the first line of the message, without "Error:" prefixes. */
function causeOf(error: StudioError): string {
  const line = error.message.split('\n')[0].replace(/^(\w*Error: )+/, '').trim();
  return line.replace(/[.\s]+$/, '');
}

/** What a person can do about a failure, from its code and, for transport failures, its text. */
export function adviceFor(error: StudioError): string {
  const text = error.message;
  if (/failed to fetch|networkerror|load failed|econnrefused|econnreset|socket hang up/i.test(text))
    return 'The studio host is not answering: check that it still runs (npm run web or the desktop app), then reload the page.';
  if (/^HTTP (401|403)\b/.test(text)) return 'The page lost its access to the host: open the address the host printed (with its token) again.';
  if (/^HTTP 5\d\d\b/.test(text)) return "The host failed: its terminal says why; retry once it is fixed.";
  if (/^HTTP \d+/.test(text)) return 'Reload the page; if it happens again, the host’s terminal says why.';
  if (/\bEACCES\b|\bEPERM\b|permission denied/i.test(text)) return 'The studio may not write there: check the folder’s permissions.';
  if (/\bENOSPC\b|no space left/i.test(text)) return 'The disk is full: free some space and try again.';
  if (/\bEROFS\b|read-only file system/i.test(text)) return 'The dataset is on a read-only disk: copy it somewhere writable and open the copy.';
  switch (error.code) {
    case 'not-open':
      return 'Open the dataset again from the Datasets list.';
    case 'not-found':
      return 'It may have been moved or deleted: check the dataset folder, then reopen the dataset from the Datasets list.';
    case 'forbidden':
      // A team host's refusal (a role, blind annotation) says who may do it: nothing to add.
      return /outside the dataset|symlink|dataset-relative/i.test(text) ? 'Only files inside the dataset folder can be used: pick a file or folder inside it.' : '';
    case 'conflict':
      return 'Someone else changed the file meanwhile: the studio reads it again; choose what to keep where it asks.';
    case 'unresolved':
      return '';
    case 'unreachable':
      return 'The studio host is not answering: check that it still runs (npm run web or the desktop app); your edits are kept in this browser until it is back.';
    case 'invalid-args':
      return 'Reload the page and try again; if it repeats, it is a bug in the studio.';
    default:
      return 'Try again; if it repeats, the host’s terminal (or the desktop app’s log) has the details.';
  }
}

/** `Cannot open the dataset: tasks.jsonl does not exist. It may have been moved ...` */
export function describeHostFailure(what: string, error: unknown): string {
  const studioError = StudioError.from(error);
  const cause = causeOf(studioError);
  const advice = adviceFor(studioError);
  return `${what}: ${cause || 'no reason given'}.${advice ? ` ${advice}` : ''}`;
}
