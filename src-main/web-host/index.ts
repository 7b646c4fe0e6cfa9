// Entry point of the browser host (built to out/main/web-host.js; `npm run web` builds and runs it).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createStudioHost } from '../services/studio-host';
import { TeamRoster } from '../services/team/team-roster';
import { parseWebHostArgs, webHostUsage } from './cli-args';
import { isLoopbackAddress, startWebHost } from './server';
import { createToken } from './token-auth';

function fixedToken(): string | null {
  const token = process.env.EGOSTUDIO_WEB_TOKEN;
  if (!token) return null;
  if (!/^[A-Za-z0-9_-]{24,}$/.test(token)) throw new Error('EGOSTUDIO_WEB_TOKEN must be at least 24 letters, digits, "-" or "_"');
  return token;
}

async function main(): Promise<void> {
  const args = parseWebHostArgs(process.argv.slice(2));
  if (args.help) {
    process.stdout.write(`${webHostUsage}\n`);
    return;
  }
  // Built to <root>/out/main/web-host.js: the repository root is two folders up.
  const appRoot = path.resolve(import.meta.dirname, '..', '..');
  // The evaluation worker is built beside this file (electron-vite's main build, input eval-worker).
  const studio = createStudioHost({
    hostKind: 'web',
    appRoot,
    configDir: args.configDir,
    datasetsDir: args.datasetsDir,
    evaluationWorker: new URL('./eval-worker.js', import.meta.url),
  });
  for (const folder of args.datasets) await studio.catalog.addFolder(folder);
  const team = args.team ? await TeamRoster.open(args.team) : undefined;
  const tls = args.tlsCert && args.tlsKey ? { cert: await readFile(args.tlsCert), key: await readFile(args.tlsKey) } : undefined;
  const host = await startWebHost({
    studio,
    rendererDir: path.join(appRoot, 'out', 'renderer'),
    // EGOSTUDIO_WEB_TOKEN keeps one token across restarts (a script, the e2e that restart the host).
    ...(team ? { team } : { token: fixedToken() ?? createToken() }),
    port: args.port,
    listen: args.listen,
    publicNames: args.publicNames,
    tls,
  });
  console.log(`EgoBench Studio (browser host): ${host.url}`);
  if (team) {
    const people = team.people().map((person) => `${person.name} (${person.role})`);
    console.log(`team ${args.team}: ${people.join(', ') || 'nobody yet'}; each person opens their own link (npx egostudio team-add ${args.team} NAME --role ROLE --url ${host.url})`);
    if (!tls && !isLoopbackAddress(args.listen))
      console.log(`warning: plain HTTP on ${args.listen}: the personal tokens travel in clear text on that network (give --tls-cert and --tls-key for HTTPS)`);
  }
  const stop = () => void host.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
