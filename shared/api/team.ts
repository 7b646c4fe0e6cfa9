// Who is who on a team host (`npm run web -- --team team.json`): each person's link carries a
// personal token that fixes their name and role. The host checks every write against the role;
// the renderer uses the name as the annotator (or reviewer) instead of asking for one.

export const teamRoles = ['annotator', 'adjudicator', 'reviewer'] as const;
export type TeamRole = (typeof teamRoles)[number];

/** The person a team host's client is, as app.info reports it. */
export interface TeamIdentity {
  name: string;
  role: TeamRole;
}
