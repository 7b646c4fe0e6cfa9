// Which of a dataset's files a command reads, so that the problems it lists (and its exit code 2,
// SPEC §12: "when some [input] was not" valid) are those of its input, not of every file the
// dataset holds. Reading chosen where SPEC does not say: a command's input is the files it reads.

/**
 * Whether scoring (`egostudio evaluate`, `report`) reads a dataset file: every file but the
 * annotators' (annotations/), which only Annotate, Adjudicate and agreement read. A broken line
 * in alice's annotations is no problem of the trajectories' scores.
 */
export function readByScoring(file: string): boolean {
  return file !== 'annotations' && !file.startsWith('annotations/');
}

/**
 * Whether a dataset file is one that the agreement of a and b reads, so that its problems are
 * problems of its input (SPEC §12: exit 2 "when some was not" valid): dataset.json, the scenarios,
 * tasks.jsonl, the annotations folder and the two annotators' files. The ground truth, the
 * trajectories and other annotators' files are not read for it, so their problems are not its.
 */
export function readByAgreement(file: string, a: string, b: string): boolean {
  return (
    file === 'dataset.json' ||
    file === 'tasks.jsonl' ||
    file === 'scenarios' ||
    file.startsWith('scenarios/') ||
    file === 'annotations' ||
    file === `annotations/${a}.jsonl` ||
    file === `annotations/${b}.jsonl`
  );
}
