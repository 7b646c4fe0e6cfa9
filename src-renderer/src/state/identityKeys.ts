// Where the views keep the names they ask for (this browser's localStorage), in one module that
// the shell can import without pulling a workspace's lazily loaded code into the first chunk.

/** The adjudicator's name (Adjudicate). */
export const ADJUDICATOR_KEY = 'egobench.adjudicator';
/** The reviewer's name (Replay's label overrides). */
export const REVIEWER_KEY = 'egobench-studio.reviewer';
