// Who is reviewing: the name the team link gives, else the one typed in the override form.
import { useState } from 'react';
import { REVIEWER_KEY } from '../../../state/identityKeys';
import { useTeam } from '../../../shell/teamIdentity';

/** The name this browser remembers: '' when none, or when its storage is off (reading it then throws). */
function storedReviewerName(): string {
  try {
    return localStorage.getItem(REVIEWER_KEY) ?? '';
  } catch {
    return '';
  }
}

export function storeReviewerName(name: string): void {
  try {
    localStorage.setItem(REVIEWER_KEY, name);
  } catch {
    // storage off: the name lasts for this form
  }
}

/** The reviewer's name (the team's, or as typed), its setter, and the team's name (null off a team host: the field is editable). */
export function useReviewerName() {
  const [typedReviewer, setTypedReviewer] = useState(storedReviewerName);
  // The name is kept as it is typed: the form of the next run opened (or a reload) has it.
  const setReviewer = (name: string) => {
    setTypedReviewer(name);
    storeReviewerName(name);
  };
  const teamName = useTeam()?.name ?? null;
  return { reviewer: teamName ?? typedReviewer, setReviewer, teamName };
}
