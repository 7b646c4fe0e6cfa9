// Adjudicate's header: the Tasks and Dashboard tabs, the pair of annotators compared, who
// adjudicates, and the project's blind-annotation setting.
import type { TeamRole } from '../../../../shared/api/team';
import { TEAM_NAME_TITLE } from '../../shell/teamIdentity';

export type AdjudicateView = 'tasks' | 'dashboard';

interface Props {
  view: AdjudicateView;
  onView(view: AdjudicateView): void;
  /** The annotators with work in the dataset, and the two compared. */
  available: readonly string[];
  pair: [string, string] | null;
  onPair(pair: [string | null, string | null]): void;
  adjudicator: string;
  onAdjudicator(name: string): void;
  /** A team link's name and role (null: no team host). */
  teamName: string | null;
  teamRole: TeamRole | null;
  blind: boolean;
  onBlind(hide: boolean): void;
}

export function AdjudicateHeader({ view, onView, available, pair, onPair, adjudicator, onAdjudicator, teamName, teamRole, blind, onBlind }: Props) {
  return (
    <header className="adjudicate-header">
      <h1>Adjudicate</h1>
      <div role="tablist" className="mini-tabs">
        <button type="button" role="tab" aria-selected={view === 'tasks'} onClick={() => onView('tasks')} data-testid="adjudicate-tasks-tab">
          Tasks
        </button>
        <button type="button" role="tab" aria-selected={view === 'dashboard'} onClick={() => onView('dashboard')} data-testid="adjudicate-dashboard-tab">
          Dashboard
        </button>
      </div>
      <AnnotatorSelect side="A" value={pair?.[0] ?? ''} available={available} onChange={(name) => onPair([name, pair?.[1] ?? null])} />
      <AnnotatorSelect side="B" value={pair?.[1] ?? ''} available={available} onChange={(name) => onPair([pair?.[0] ?? null, name])} />
      <label>
        Adjudicator{' '}
        <input
          data-testid="adjudicator-name"
          value={adjudicator}
          onChange={(e) => onAdjudicator(e.target.value)}
          readOnly={teamName !== null}
          title={teamName !== null ? TEAM_NAME_TITLE : undefined}
          placeholder="your name"
          size={12}
        />
      </label>
      <label
        className="blind-setting"
        title={teamRole && teamRole !== 'adjudicator' ? 'Project setting: only an adjudicator changes it' : 'Project setting, kept in the dataset (studio-project.json)'}
      >
        <input type="checkbox" data-testid="blind-setting" disabled={teamRole !== null && teamRole !== 'adjudicator'} checked={blind} onChange={(e) => onBlind(e.target.checked)} />{' '}
        Blind annotation: hide agreement in Annotate
      </label>
    </header>
  );
}

function AnnotatorSelect({ side, value, available, onChange }: { side: 'A' | 'B'; value: string; available: readonly string[]; onChange(name: string): void }) {
  return (
    <label>
      {side}{' '}
      <select aria-label={`Annotator ${side}`} data-testid={`annotator-${side.toLowerCase()}`} value={value} onChange={(e) => onChange(e.target.value)}>
        {available.map((name) => (
          <option key={name}>{name}</option>
        ))}
      </select>
    </label>
  );
}
