// team.json: who may use a team host, each person with a role and the SHA-256 of their personal
// token. The token itself is printed once, in the person's link, and never stored: a team.json
// that leaks (committed beside the dataset, copied to a shared drive) lets nobody in.
//
// Why SHA-256 and not a slow password hash (scrypt, argon2): the token is 256 random bits, so
// there is nothing to guess offline, which is all a slow hash protects; a fast hash lets the host
// find the person of every API call with one lookup instead of spending tens of milliseconds of
// CPU per request (which anyone on the network could also make it spend).
import { createHash, randomBytes } from 'node:crypto';
import * as z from 'zod';
import { teamRoles, type TeamRole } from '../../../shared/api/team';
import { writeFileAtomic } from '../atomic-write';
import { readRegularBytes } from '../regular-file';
import { isValidPersonName } from '../../../shared/format/person-name';

export { teamRoles, type TeamRole };

export interface TeamMember {
  name: string;
  role: TeamRole;
  /** Hex SHA-256 of the member's token. */
  token_sha256: string;
}

/** Names become file names (annotations/<name>.jsonl, reviews/<name>.jsonl): as the renderer's annotator names. */
export const isValidMemberName = isValidPersonName;

const memberSchema = z.object({
  name: z.string().refine(isValidMemberName, "letters, digits, '.', '_' and '-' (it becomes a file name)"),
  role: z.enum(teamRoles),
  token_sha256: z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 hex digits'),
});
const teamSchema = z.object({ people: z.array(memberSchema) });

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A personal token: 256 random bits, base64url (43 characters, safe in a URL). */
export function createPersonalToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Reads team.json; throws an Error naming the file and what is wrong in it. A missing file is an empty team. */
export async function readTeamFile(file: string): Promise<TeamMember[]> {
  let text: string;
  try {
    // A regular file only: a FIFO in its place blocked the host's reads (and its exit) for ever.
    text = (await readRegularBytes(file)).toString('utf8').replace(/^\uFEFF/, ''); // Notepad's BOM
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new Error(`${file}: cannot read the team file (${(error as Error).message})`, { cause: error });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not JSON (${(error as Error).message})`, { cause: error });
  }
  const parsed = teamSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: ${issue.path.join('.') || 'the file'}: ${issue.message}`);
  }
  // Names are file names, and some file systems ignore case: Alice and alice would share a file.
  const seen = new Set<string>();
  for (const [index, member] of parsed.data.people.entries()) {
    if (seen.has(member.name.toLowerCase())) throw new Error(`${file}: people.${index}: ${member.name} is listed twice (names are compared ignoring case)`);
    seen.add(member.name.toLowerCase());
  }
  return parsed.data.people;
}

/**
 * Adds a person (or gives a listed person a new token, which ends the old one) and returns
 * the token, which is not kept anywhere: the caller prints it once.
 */
export async function addTeamMember(file: string, name: string, role: TeamRole): Promise<{ token: string; replaced: boolean }> {
  if (!isValidMemberName(name)) throw new Error(`${name}: a name may hold letters, digits, '.', '_' and '-' (it becomes a file name)`);
  const people = await readTeamFile(file);
  const token = createPersonalToken();
  const member: TeamMember = { name, role, token_sha256: hashToken(token) };
  const index = people.findIndex((person) => person.name.toLowerCase() === name.toLowerCase());
  // Names are one person ignoring case (their file is one file on a case-insensitive disk): a new
  // link given as `Alice` for `alice` renamed her, and her own annotations/alice.jsonl became another's.
  if (index >= 0 && people[index].name !== name)
    throw new Error(`${people[index].name} is already in ${file} (names are compared ignoring case): give the name as written there for a new link, or another name`);
  if (index >= 0) people[index] = member;
  else people.push(member);
  await writeFileAtomic(file, `${JSON.stringify({ people }, null, 2)}\n`);
  return { token, replaced: index >= 0 };
}
