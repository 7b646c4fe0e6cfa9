export async function benchCommand(_args: string[]): Promise<number> {
  process.stderr.write('bench: not built yet\n');
  return 1;
}
