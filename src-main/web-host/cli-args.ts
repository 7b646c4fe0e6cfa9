// Command line of the browser host: `npm run web -- --port 5174 --dataset <dir> --config-dir <dir>`,
// and for a team: `--team team.json --listen 0.0.0.0 --public-name NAME --tls-cert F --tls-key F`.
import { homedir } from 'node:os';
import path from 'node:path';

export interface WebHostArgs {
  /** --help or -h: print the usage, start nothing. */
  help?: true;
  port: number;
  datasets: string[];
  configDir: string;
  /** The folder listed as bundled datasets instead of <repository>/datasets (the e2e serve a copy). */
  datasetsDir?: string;
  /** team.json: several people, each with a personal token and a role. */
  team?: string;
  /** Address to listen on (default 127.0.0.1). */
  listen: string;
  publicNames: string[];
  tlsCert?: string;
  tlsKey?: string;
}

// npm runs scripts in the package folder; INIT_CWD is where the user typed the command.
const userCwd = () => process.env.INIT_CWD || process.cwd();

export const webHostUsage =
  'usage: npm run web -- [--port N] [--dataset DIR]... [--config-dir DIR] [--datasets-dir DIR] [--team FILE [--listen ADDR] [--public-name NAME]... [--tls-cert FILE --tls-key FILE]]';

function defaultConfigDir(): string {
  const base = process.env.XDG_CONFIG_HOME || path.join(homedir(), '.config');
  return path.join(base, 'egobench-studio');
}

const loopback = new Set(['127.0.0.1', '::1', 'localhost']);

/** Parses argv (without node and script); throws an Error with the usage on a bad flag. */
export function parseWebHostArgs(argv: readonly string[]): WebHostArgs {
  const args: WebHostArgs = { port: 0, datasets: [], configDir: process.env.EGOSTUDIO_CONFIG_DIR || defaultConfigDir(), listen: '127.0.0.1', publicNames: [] };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inlineValue] = argv[i].split(/=(.*)/s, 2);
    const value = (): string => {
      const next = inlineValue ?? argv[++i];
      if (next === undefined || next === '') throw new Error(`${flag} needs a value\n${webHostUsage}`);
      return next;
    };
    const file = () => path.resolve(userCwd(), value());
    if (flag === '--port') {
      const port = Number(value());
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0..65535\n${webHostUsage}`);
      args.port = port;
    } else if (flag === '--dataset') args.datasets.push(file());
    else if (flag === '--config-dir') args.configDir = file();
    else if (flag === '--datasets-dir') args.datasetsDir = file();
    else if (flag === '--team') args.team = file();
    else if (flag === '--listen') args.listen = value();
    else if (flag === '--public-name') {
      const name = value();
      if (!/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)$/.test(name)) throw new Error(`--public-name ${name}: a host name or address, without scheme or port\n${webHostUsage}`);
      args.publicNames.push(name);
    } else if (flag === '--tls-cert') args.tlsCert = file();
    else if (flag === '--tls-key') args.tlsKey = file();
    else if (flag === '--help' || flag === '-h') args.help = true;
    else throw new Error(`unknown argument: ${argv[i]}\n${webHostUsage}`);
  }
  if (!loopback.has(args.listen) && !args.team)
    throw new Error(`--listen ${args.listen} reaches beyond this machine: add --team team.json (each person gets their own link)\n${webHostUsage}`);
  if ((args.tlsCert === undefined) !== (args.tlsKey === undefined)) throw new Error(`--tls-cert and --tls-key go together\n${webHostUsage}`);
  if (args.publicNames.length > 0 && !args.team) throw new Error(`--public-name is for a team host: add --team team.json\n${webHostUsage}`);
  return args;
}
