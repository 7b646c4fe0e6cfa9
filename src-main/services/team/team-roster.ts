// Who a request comes from on a team host: the person whose token hash matches. team.json is
// read again when it changed on disk, so a person added while the host runs can start at once
// and a replaced token stops working.
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { fileStamp } from '../file-stamp';
import { hashToken, readTeamFile, type TeamMember } from './team-file';

export type TeamPerson = Pick<TeamMember, 'name' | 'role'>;

export class TeamRoster {
  private byHash = new Map<string, TeamPerson>();
  private loadedStamp: string | null = null;

  private constructor(
    readonly file: string,
    /** Where the file really is (its folder's links followed), to refuse writes to it through a dataset. */
    readonly realFile: string,
  ) {}

  /** Reads team.json; throws (naming the file) when it is unreadable or wrong. */
  static async open(file: string): Promise<TeamRoster> {
    const roster = new TeamRoster(file, path.join(await realpath(path.dirname(path.resolve(file))), path.basename(file)));
    await roster.reload();
    return roster;
  }

  people(): TeamPerson[] {
    return [...this.byHash.values()];
  }

  /** The person holding this token, or null. */
  async identify(token: string | undefined): Promise<TeamPerson | null> {
    if (!token) return null;
    const hash = hashToken(token);
    const known = this.byHash.get(hash);
    // A replaced or removed token must stop working: check the file has not changed.
    const now = await this.stamp();
    if (now !== null && now === this.loadedStamp) return known ?? null;
    try {
      await this.reload();
    } catch (error) {
      // A half-edited team.json keeps the people read before, with a line for whoever runs the host.
      console.error(`team host: ${(error as Error).message}; keeping the team read before`);
      this.loadedStamp = await this.stamp();
    }
    return this.byHash.get(hash) ?? null;
  }

  /**
   * team.json's stamp (file-stamp.ts: size, times, inode); null while it has just changed, so a
   * token replaced within the same timestamp tick as the last read still takes effect.
   */
  private async stamp(): Promise<string | null> {
    return fileStamp(this.file).catch(() => 'missing');
  }

  private async reload(): Promise<void> {
    const stamp = await this.stamp();
    const people = await readTeamFile(this.file);
    this.byHash = new Map(people.map((member) => [member.token_sha256, { name: member.name, role: member.role }]));
    this.loadedStamp = stamp;
  }
}
