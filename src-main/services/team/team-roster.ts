// Who a request comes from on a team host: the person whose token hash matches. team.json is
// read again when it changed on disk, so a person added while the host runs can start at once
// and a replaced token stops working.
import { stat } from 'node:fs/promises';
import { hashToken, readTeamFile, type TeamMember } from './team-file';

export type TeamPerson = Pick<TeamMember, 'name' | 'role'>;

export class TeamRoster {
  private byHash = new Map<string, TeamPerson>();
  private loadedStamp = '';

  private constructor(readonly file: string) {}

  /** Reads team.json; throws (naming the file) when it is unreadable or wrong. */
  static async open(file: string): Promise<TeamRoster> {
    const roster = new TeamRoster(file);
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
    if (known) {
      // A replaced or removed token must stop working: check the file has not changed.
      if ((await this.stamp()) === this.loadedStamp) return known;
    } else if ((await this.stamp()) === this.loadedStamp) return null;
    try {
      await this.reload();
    } catch (error) {
      // A half-edited team.json keeps the people read before, with a line for whoever runs the host.
      console.error(`team host: ${(error as Error).message}; keeping the team read before`);
      this.loadedStamp = await this.stamp();
    }
    return this.byHash.get(hash) ?? null;
  }

  private async stamp(): Promise<string> {
    try {
      const stats = await stat(this.file);
      return `${stats.mtimeMs}:${stats.size}:${stats.ino}`;
    } catch {
      return 'missing';
    }
  }

  private async reload(): Promise<void> {
    const stamp = await this.stamp();
    const people = await readTeamFile(this.file);
    this.byHash = new Map(people.map((member) => [member.token_sha256, { name: member.name, role: member.role }]));
    this.loadedStamp = stamp;
  }
}
