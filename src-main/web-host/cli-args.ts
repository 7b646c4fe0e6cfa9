// Command line of the browser host: `npm run web -- --port 5174 --dataset <dir> --config-dir <dir>`.
import { homedir } from 'node:os';
import path from 'node:path';

export interface WebHostArgs {
  port: number;
  datasets: string[];
  configDir: string;
  /** The folder listed as bundled datasets instead of <repository>/datasets (the e2e serve a copy). */
  datasetsDir?: string;
}

// npm runs scripts in the package folder; INIT_CWD is where the user typed the command.
const userCwd = () => process.env.INIT_CWD || process.cwd();

export const webHostUsage = 'usage: npm run web -- [--port N] [--dataset DIR]... [--config-dir DIR] [--datasets-dir DIR]';

function defaultConfigDir(): string {
  const base = process.env.XDG_CONFIG_HOME || path.join(homedir(), '.config');
  return path.join(base, 'egobench-studio');
}

/** Parses argv (without node and script); throws an Error with the usage on a bad flag. */
export function parseWebHostArgs(argv: readonly string[]): WebHostArgs {
  const args: WebHostArgs = { port: 0, datasets: [], configDir: process.env.EGOSTUDIO_CONFIG_DIR || defaultConfigDir() };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inlineValue] = argv[i].split(/=(.*)/s, 2);
    const value = (): string => {
      const next = inlineValue ?? argv[++i];
      if (next === undefined || next === '') throw new Error(`${flag} needs a value\n${webHostUsage}`);
      return next;
    };
    if (flag === '--port') {
      const port = Number(value());
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0..65535\n${webHostUsage}`);
      args.port = port;
    } else if (flag === '--dataset') {
      args.datasets.push(path.resolve(userCwd(), value()));
    } else if (flag === '--datasets-dir') {
      args.datasetsDir = path.resolve(userCwd(), value());
    } else if (flag === '--config-dir') {
      args.configDir = path.resolve(userCwd(), value());
    } else {
      throw new Error(`unknown argument: ${argv[i]}\n${webHostUsage}`);
    }
  }
  return args;
}
