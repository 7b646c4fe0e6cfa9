// `egostudio team-add team.json alice --role annotator --url https://host:5174`: adds a person to
// a team host's team.json and prints their link. The token is printed once and stored only as its
// SHA-256 (services/team/team-file.ts says why); running it again for a name gives a new token.
import { teamRoles, type TeamRole } from '../../shared/api/team';
import { addTeamMember } from '../services/team/team-file';
import { commandHelp, parseCommandArgs, UsageError } from './command-line';
import { teamAddSpec } from './commands';

const isRole = (value: string): value is TeamRole => (teamRoles as readonly string[]).includes(value);

/** The person's link: the host's address with the token in `?token=` (the page moves it out of the address bar). */
export function personalLink(base: string, token: string): string {
  const url = new URL(base);
  url.searchParams.set('token', token);
  return url.href;
}

/** The link without an address yet: a placeholder to replace (not a URL, so written as text). */
function placeholderLink(token: string): string {
  return `https://HOST:PORT/?token=${encodeURIComponent(token)}`;
}

export async function teamAddCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(teamAddSpec, args);
  if (values.help) {
    process.stdout.write(commandHelp(teamAddSpec));
    return 0;
  }
  const [file, name, ...more] = positionals;
  if (!file || !name) throw new UsageError(`missing ${file ? 'the name' : 'the team file'}: egostudio team-add <team.json> <name> --role ROLE`, 'team-add');
  if (more.length > 0) throw new UsageError(`unexpected argument ${more[0]} (one team file, one name)`, 'team-add');
  if (!values.role || !isRole(values.role)) throw new UsageError(`--role must be one of ${teamRoles.join(', ')}`, 'team-add');
  // The address is checked before team.json changes: a token written for a link never printed is lost.
  let base: string | null = null;
  if (values.url) {
    let url: URL | null = null;
    try {
      url = new URL(values.url);
    } catch {
      // said below
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
      throw new UsageError(`--url ${values.url} is not an http(s) address (e.g. https://studio.lab.example:5174)`, 'team-add');
    base = url.href;
  }
  const { token, replaced } = await addTeamMember(file, name, values.role);
  process.stdout.write(
    `${replaced ? 'gave a new token to' : 'added'} ${name} (${values.role}) in ${file}${replaced ? '; the old link no longer works' : ''}\n` +
      `${name}'s personal link (shown once; send it to ${name} only):\n${base ? personalLink(base, token) : placeholderLink(token)}\n` +
      (base ? '' : 'replace HOST:PORT with the address the team host is reached at\n'),
  );
  return 0;
}
