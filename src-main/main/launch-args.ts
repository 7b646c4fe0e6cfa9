// Arguments after Electron's own: `electron . --dataset <dir>` (as `npm start` passes them).

export function datasetArgs(argv: readonly string[]): string[] {
  const folders: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--dataset' && argv[i + 1]) folders.push(argv[++i]);
    else if (argv[i].startsWith('--dataset=')) folders.push(argv[i].slice('--dataset='.length));
  }
  return folders;
}
