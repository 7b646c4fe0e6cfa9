// `egostudio audit <dataset> [--trajectories PATH ...] [--json FILE] [--min-agree N] [--time-limit SECONDS]`: the
// ground-truth audit (shared/eval/gt-audit.ts) without a window. Exit codes as evaluate.
import { stat } from 'node:fs/promises';
import { callWhere, type Found, type Suspect, type TaskAudit } from '../../shared/eval/gt-audit';
import { commandHelp, parseCommandArgs, UsageError, wholeNumber } from './command-line';
import { auditSpec } from './commands';
import { folderJobWithin, timeLimitSeconds } from './time-limit';
import { refuseOutputsOverInputs } from './output-files';
import { err, holdStdoutForJson, oneLine, out, printProblems, writeJsonReport } from './terminal';

const MAX_TEXT = 160;

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 3)}...` : text;
}

function short(value: unknown): string {
  return clip(JSON.stringify(value) ?? 'null');
}

/** What a call finds, in one line: its result, or the rows a write changes. */
function foundLine(found: Found): string {
  if (!found.ok) return `fails: ${short(found.result)}`;
  if (!found.changes) return short(found.result);
  return found.changes.map((d) => `${oneLine(d.table)} +${d.added.length} -${d.removed.length} ~${d.changed.length} ${short(d.added[0] ?? d.changed[0]?.after ?? d.removed[0])}`).join('; ');
}

function suspectLines(task: TaskAudit, s: Suspect): string[] {
  const agree = `${s.runs.length}/${task.runs} runs${s.models > 1 ? ` of ${s.models} models` : ' of one model'} agree: ${oneLine(s.runs.slice(0, 6).join(', '))}${s.runs.length > 6 ? `, ... (${s.runs.length - 6} more)` : ''}`;
  if (s.kind === 'call')
    return [`  call   ${oneLine(s.call.tool_name)} ${short(s.call.parameters)} ${callWhere(s.in_truth)}; ${agree}`, `         finds: ${foundLine(s.found)}`];
  return [
    `  value  ${oneLine(s.tool_name)}.${oneLine(s.path)} (ground-truth call ${s.gt_call + 1}): ground truth ${short(s.truth)}, runs ${short(s.value)}; ${agree}`,
    `         runs' call finds: ${foundLine(s.found)}`,
    `         ground truth finds: ${foundLine(s.truth_found)}`,
  ];
}

export async function auditCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(auditSpec, args);
  if (values.help) {
    out(commandHelp(auditSpec));
    return 0;
  }
  holdStdoutForJson(values.json);
  const [root, ...more] = positionals;
  if (!root) throw new UsageError('missing the dataset folder: egostudio audit <dataset>', 'audit');
  if (!values.trajectories && more.length > 0)
    throw new UsageError(`unexpected argument ${more[0]} (one dataset folder; more trajectory paths go after --trajectories)`, 'audit');
  const trajectoryPaths = [...(values.trajectories ?? []), ...(values.trajectories ? more : [])];
  refuseOutputsOverInputs('audit', [['--json', values.json]], root, trajectoryPaths);
  const minAgree = wholeNumber(auditSpec, 'min-agree', values['min-agree'], 1);
  if (!(await stat(root).catch(() => null))?.isDirectory()) {
    err(`egostudio: ${root}: no such dataset folder\n`);
    return 1;
  }
  const timeLimit = timeLimitSeconds(auditSpec, values['time-limit']);
  const { datasetName, nothingRead, report } = await folderJobWithin(timeLimit, { kind: 'audit', root, trajectoryPaths, minAgree });
  await writeJsonReport(values.json, report);

  const suspects = report.tasks.reduce((n, t) => n + t.suspects.length, 0);
  const allFail = report.tasks.filter((t) => t.all_fail).length;
  const rule = minAgree === undefined ? "half of a task's runs, at least 3" : `${minAgree} runs`;
  const lines = [
    `${oneLine(datasetName)}: ${report.trajectories} trajectories over ${report.audited_tasks} task(s); ` +
      `${suspects} suspect(s) in ${report.tasks.filter((t) => t.suspects.length > 0).length} task(s) (agreement of ${rule}); ${allFail} task(s) every run fails`,
  ];
  for (const task of report.tasks) {
    lines.push(`${oneLine(task.task_id)} (${oneLine(task.scenario)}): ${task.runs} runs, ${task.failing} fail${task.all_fail ? ' (every run fails)' : ''}`);
    for (const s of task.suspects) lines.push(...suspectLines(task, s));
  }
  if (report.failing_truth.length > 0) {
    const calls = report.failing_truth.reduce((n, t) => n + t.failures.length, 0);
    lines.push(`ground truth that fails on its own (run in order from the seed): ${calls} call(s) in ${report.failing_truth.length} task(s)`);
    for (const check of report.failing_truth)
      for (const f of check.failures) lines.push(`${oneLine(check.task_id)} (${oneLine(check.scenario)}): ground-truth call ${f.gt_call + 1} ${oneLine(f.tool_name)} fails: ${oneLine(clip(f.message))}`);
  }
  out(lines.join('\n') + '\n');
  printProblems(report.problems);
  return nothingRead ? 1 : report.problems.length > 0 ? 2 : 0;
}
