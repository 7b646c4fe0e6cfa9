// The team host over real HTTP(S): personal tokens, refusals with a message, blind reads and
// media, the Host allowlist, HTTPS with a certificate made here, and two hosts on one folder.
import { execFileSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webMediaUrl } from '../../shared/api/media-url';
import { mediaKeyFor, mediaTokenParam, mediaTokenTtlSeconds, signMediaToken, tokenHeader } from '../../shared/api/web-auth';
import { createStudioHost } from '../services/studio-host';
import { addTeamMember } from '../services/team/team-file';
import { TeamRoster } from '../services/team/team-roster';
import { makeTempDataset, type TempDataset } from '../test-support/temp-dataset';
import { startWebHost, type RunningWebHost } from './server';

const line = (task: string, annotator: string, status: string, revision = 1) =>
  `${JSON.stringify({ task_id: task, annotator, calls: [], visual_refs: [], status, revision, updated_at: '2026-12-01T00:00:00Z' })}\n`;

let temp: TempDataset;
let teamFile: string;
let tokens: Record<string, string>;
const hosts: RunningWebHost[] = [];
const studios: ReturnType<typeof createStudioHost>[] = [];

async function startTeamHost(options: { configDir?: string; tls?: { cert: string; key: string }; publicNames?: string[] } = {}) {
  const rendererDir = path.join(temp.base, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>studio</title>');
  const configDir = options.configDir ?? temp.configDir;
  const studio = createStudioHost({ hostKind: 'web', appRoot: temp.base, configDir, datasetsDir: temp.datasetsDir });
  studios.push(studio);
  await studio.catalog.addFolder(temp.root); // as --dataset does: a team host serves only those
  const host = await startWebHost({ studio, rendererDir, team: await TeamRoster.open(teamFile), port: 0, tls: options.tls, publicNames: options.publicNames });
  hosts.push(host);
  return host;
}

beforeEach(async () => {
  temp = await makeTempDataset({
    'tasks.jsonl': '{"id":"t1"}\n',
    'videos/clip.webm': new Uint8Array(100).fill(7),
    'annotations/alice.jsonl': line('t1', 'alice', 'draft') + line('t2', 'alice', 'submitted'),
    'annotations/bob.jsonl': line('t2', 'bob', 'submitted'),
  });
  teamFile = path.join(temp.base, 'team.json');
  tokens = {};
  for (const [name, role] of [['alice', 'annotator'], ['bob', 'annotator'], ['carol', 'adjudicator']] as const) {
    tokens[name] = (await addTeamMember(teamFile, name, role)).token;
  }
});

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
  for (const studio of studios.splice(0)) studio.annotationWatcher?.close();
  await temp.cleanup();
});

function client(base: string, token: string) {
  const call = async (channel: string, args: unknown[]) => {
    const response = await fetch(`${base}/api/${channel}`, { method: 'POST', headers: { 'Content-Type': 'application/json', [tokenHeader]: token }, body: JSON.stringify(args) });
    return { status: response.status, body: (await response.json()) as { value?: unknown; error?: { code: string; message: string } } };
  };
  return {
    call,
    async open(): Promise<string> {
      const { body } = await call('datasets.list', []);
      const [{ id }] = body.value as { id: string }[];
      expect((await call('datasets.open', [id])).status).toBe(200);
      return id;
    },
  };
}

describe('team host', () => {
  it('refuses an annotator writing another annotator\'s file, and a non-adjudicator the ground truth, with 403 and a message', async () => {
    const host = await startTeamHost();
    const base = `http://127.0.0.1:${host.port}`;
    expect(host.url).toBe(`${base}/`); // no run token: each person has their own link
    const bob = client(base, tokens.bob);
    const id = await bob.open();
    const refused = await bob.call('datasets.writeText', [id, 'annotations/alice.jsonl', 'x\n']);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'forbidden', message: expect.stringContaining("annotations/alice.jsonl is alice's file") });
    expect(await readFile(path.join(temp.root, 'annotations/alice.jsonl'), 'utf8')).toContain('"t2"');
    expect((await bob.call('datasets.writeText', [id, 'ground_truth.jsonl', ''])).body.error?.message).toMatch(/^Only an adjudicator writes ground_truth\.jsonl/);
    expect((await bob.call('datasets.writeText', [id, 'annotations/bob.jsonl', line('t1', 'bob', 'draft')])).status).toBe(200);
    const carol = client(base, tokens.carol);
    expect((await carol.call('datasets.writeText', [id, 'ground_truth.jsonl', ''])).status).toBe(200);
    expect(((await bob.call('app.info', [])).body.value as { team: unknown }).team).toEqual({ name: 'bob', role: 'annotator' });
    // No token, a made-up one, or the old one after team-add gave bob a new one: 403.
    const noToken = await client(base, '').call('app.info', []);
    expect(noToken).toEqual({ status: 403, body: { error: { code: 'forbidden', message: expect.stringContaining('open the studio with your personal link') } } });
    expect((await client(base, 'x'.repeat(43)).call('app.info', [])).status).toBe(403);
    const renewed = await addTeamMember(teamFile, 'bob', 'annotator');
    expect((await bob.call('app.info', [])).status).toBe(403);
    expect((await client(base, renewed.token).call('app.info', [])).status).toBe(200);
    // A name longer than the file system takes: 400, without the host's absolute path (a 500 echoed it).
    for (const channel of ['datasets.readText', 'datasets.writeText'] as const) {
      const long = await carol.call(channel, [id, `${'a'.repeat(300)}.jsonl`, 'x\n']);
      expect(long.status, channel).toBe(400);
      expect(long.body.error?.message).not.toContain(temp.base);
    }
  });

  it("while blind, hides another annotator's unsubmitted tasks from reads and media URLs", async () => {
    await writeFile(path.join(temp.root, 'studio-project.json'), '{"agreement":{"hide_while_annotating":true}}');
    const host = await startTeamHost();
    const base = `http://127.0.0.1:${host.port}`;
    const bob = client(base, tokens.bob);
    const id = await bob.open();
    expect((await bob.call('datasets.readText', [id, 'annotations/alice.jsonl'])).body.value).toBe(line('t2', 'alice', 'submitted'));
    const media = (token: string, file: string) => {
      const expires = Math.floor(Date.now() / 1000) + mediaTokenTtlSeconds;
      return fetch(`${base}${webMediaUrl(id, file)}?${mediaTokenParam}=${signMediaToken(mediaKeyFor(token), id, file, expires)}`);
    };
    expect((await media(tokens.bob, 'videos/clip.webm')).status).toBe(200);
    const hidden = await media(tokens.bob, 'annotations/alice.jsonl');
    expect(hidden.status).toBe(403);
    expect(await hidden.text()).toContain('hidden while the project annotates blind');
    // carol has made no API call yet: her media key is not known, so her URL is refused until she does.
    expect((await media(tokens.carol, 'videos/clip.webm')).status).toBe(403);
    expect((await client(base, tokens.carol).call('datasets.readText', [id, 'annotations/alice.jsonl'])).body.value).toContain('"t1"');
    expect((await media(tokens.carol, 'annotations/alice.jsonl')).status).toBe(200);
    // The ground truth too (it is often one annotator's calls): only the tasks bob has submitted.
    const truth = (task: string) => `${JSON.stringify({ task_id: task, calls: [], visual_refs: [], source: 'adjudicated' })}\n`;
    await writeFile(path.join(temp.root, 'ground_truth.jsonl'), truth('t1') + truth('t2'));
    expect((await bob.call('datasets.readText', [id, 'ground_truth.jsonl'])).body.value).toBe(truth('t2'));
    expect((await client(base, tokens.carol).call('datasets.readText', [id, 'ground_truth.jsonl'])).body.value).toBe(truth('t1') + truth('t2'));
    // Nor the scores, whose evidence names the ground truth's calls (the missing ones, the audit's values).
    for (const [channel, args] of [['evaluation.run', [id]], ['evaluation.start', [id, 'run-1']], ['audit.run', [id]]] as const) {
      const refused = await bob.call(channel, [...args]);
      expect(refused.status, channel).toBe(403);
      expect(refused.body.error?.message).toContain('while the project annotates blind');
    }
  });

  it('while blind, only real submitted lines show others\' work; the own file only grows; links, reviews and the team file are judged where they lead', async () => {
    await writeFile(path.join(temp.root, 'studio-project.json'), '{"agreement":{"hide_while_annotating":true}}');
    const truth = `${JSON.stringify({ task_id: 't1', calls: [], visual_refs: [], source: 'adjudicated' })}\n`;
    await writeFile(path.join(temp.root, 'ground_truth.jsonl'), truth);
    await mkdir(path.join(temp.root, 'reviews'));
    await writeFile(path.join(temp.root, 'reviews/rita.jsonl'), '{"trajectory_id":"r1","label":"logic","auto_label":"correct"}\n');
    await symlink('ground_truth.jsonl', path.join(temp.root, 'notes.jsonl'));
    await symlink('annotations', path.join(temp.root, 'peek'));
    teamFile = path.join(temp.root, 'team.json'); // in the dataset, as a repository as private as the team may hold it
    for (const [name, role] of [['alice', 'annotator'], ['carol', 'adjudicator']] as const) tokens[name] = (await addTeamMember(teamFile, name, role)).token;
    const host = await startTeamHost();
    const base = `http://127.0.0.1:${host.port}`;
    const alice = client(base, tokens.alice);
    const carol = client(base, tokens.carol);
    const id = await alice.open();
    await carol.open();
    const own = path.join(temp.root, 'annotations/alice.jsonl');
    const before = await readFile(own, 'utf8');
    // A line the studio does not read as an annotation is no submission: it showed alice everything, and a rewrite hid it.
    const fake = `${JSON.stringify({ task_id: 't1', status: 'submitted', revision: 9 })}\n`;
    const { value: versioned } = (await alice.call('datasets.readVersioned', [id, 'annotations/alice.jsonl'])).body as { value: { hash: string } };
    expect((await alice.call('datasets.appendIfUnchanged', [id, 'annotations/alice.jsonl', fake, versioned.hash])).status).toBe(200);
    expect((await alice.call('datasets.readText', [id, 'ground_truth.jsonl'])).body.value).toBe('');
    const rewrite = await alice.call('datasets.writeText', [id, 'annotations/alice.jsonl', before]);
    expect(rewrite.status).toBe(403);
    expect(rewrite.body.error?.message).toContain('takes new lines only');
    expect(await readFile(own, 'utf8')).toBe(before + fake);
    // Through a link inside the dataset: the file it leads to is judged.
    expect((await alice.call('datasets.readText', [id, 'notes.jsonl'])).body.value).toBe('');
    expect((await alice.call('datasets.readText', [id, 'peek/bob.jsonl'])).body.value).toBe(line('t2', 'bob', 'submitted'));
    expect((await carol.call('datasets.writeText', [id, 'peek/bob.jsonl', 'x\n'])).status).toBe(403);
    expect((await carol.call('datasets.readText', [id, 'notes.jsonl'])).body.value).toBe(truth);
    // Reviews carry each run's automatic label, a score.
    expect((await alice.call('datasets.readText', [id, 'reviews/rita.jsonl'])).body.value).toBe('');
    expect((await carol.call('datasets.readText', [id, 'reviews/rita.jsonl'])).body.value).toContain('auto_label');
    // The team file: the adjudicator could put their token's hash on bob's entry.
    const team = await carol.call('datasets.writeText', [id, 'team.json', '{"people":[]}']);
    expect(team.status).toBe(403);
    expect(team.body.error?.message).toContain('team file');
    // A real submission (as the studio writes it) shows t1's lines.
    const { value: now } = (await alice.call('datasets.readVersioned', [id, 'annotations/alice.jsonl'])).body as { value: { hash: string } };
    expect((await alice.call('datasets.appendIfUnchanged', [id, 'annotations/alice.jsonl', line('t1', 'alice', 'submitted', 10), now.hash])).status).toBe(200);
    expect((await alice.call('datasets.readText', [id, 'ground_truth.jsonl'])).body.value).toBe(truth);
  });

  it('while the settings file cannot be read as settings (a BOM, a trailing comma, emptied mid-rewrite), the project counts as blind', async () => {
    const host = await startTeamHost();
    const base = `http://127.0.0.1:${host.port}`;
    const bob = client(base, tokens.bob);
    const id = await bob.open();
    const settings = path.join(temp.root, 'studio-project.json');
    const seen = async () => (await bob.call('datasets.readText', [id, 'annotations/alice.jsonl'])).body.value;
    expect(await seen()).toContain('"t1"'); // no settings file: not blind
    for (const text of ['\uFEFF{"agreement":{"hide_while_annotating":true}}', '{"agreement":{"hide_while_annotating":true},}', '']) {
      await writeFile(settings, text);
      expect(await seen(), JSON.stringify(text)).toBe(line('t2', 'alice', 'submitted'));
    }
    await writeFile(settings, '\uFEFF{"agreement":{"hide_while_annotating":false}}');
    expect(await seen()).toContain('"t1"');
  });

  it('never lists, reads, serves or writes a hidden name (a git checkout\'s .git): its objects hold every line ever committed, its config can run commands', async () => {
    await writeFile(path.join(temp.root, 'studio-project.json'), '{"agreement":{"hide_while_annotating":true}}');
    await mkdir(path.join(temp.root, '.git'));
    await writeFile(path.join(temp.root, '.git/config'), '[core]\n');
    await writeFile(path.join(temp.root, 'annotations/.bob.jsonl.swp'), line('t1', 'bob', 'draft'));
    const host = await startTeamHost();
    const base = `http://127.0.0.1:${host.port}`;
    const alice = client(base, tokens.alice);
    const carol = client(base, tokens.carol);
    const id = await alice.open();
    await carol.open();
    const listed = (await carol.call('datasets.listFiles', [id, ''])).body.value as { path: string }[];
    expect(listed.map((f) => f.path).filter((p) => p.split('/').some((segment) => segment.startsWith('.')))).toEqual([]);
    expect((await alice.call('datasets.readText', [id, '.git/config'])).status).toBe(400);
    const write = await carol.call('datasets.writeText', [id, '.git/config', '[core]\n\tfsmonitor = "touch pwned"\n']);
    expect(write.status).toBe(400);
    expect(write.body.error?.message).toContain('no hidden name such as .git');
    expect(await readFile(path.join(temp.root, '.git/config'), 'utf8')).toBe('[core]\n');
    // Nor through a link inside the dataset that leads to one.
    await symlink('.git', path.join(temp.root, 'notes'));
    expect((await carol.call('datasets.writeText', [id, 'notes/config', '[core]\n\tfsmonitor = "touch pwned"\n'])).status).toBe(403);
    expect((await carol.call('datasets.readText', [id, 'notes/config'])).status).toBe(403);
    expect(await readFile(path.join(temp.root, '.git/config'), 'utf8')).toBe('[core]\n');
    const expires = Math.floor(Date.now() / 1000) + mediaTokenTtlSeconds;
    const file = '.git/config';
    const media = await fetch(`${base}${webMediaUrl(id, file)}?${mediaTokenParam}=${signMediaToken(mediaKeyFor(tokens.alice), id, file, expires)}`);
    expect(media.status).not.toBe(200);
    expect(await media.text()).not.toContain('[core]');
  });

  it("while blind, an annotator's event stream carries no evaluation rows and no other annotator's changed file", async () => {
    await writeFile(path.join(temp.root, 'studio-project.json'), '{"agreement":{"hide_while_annotating":true}}');
    const host = await startTeamHost();
    const base = `http://127.0.0.1:${host.port}`;
    const id = await client(base, tokens.bob).open();
    await client(base, tokens.carol).open();
    const listen = async (token: string) => {
      const controller = new AbortController();
      const response = await fetch(`${base}/api/events`, { headers: { [tokenHeader]: token }, signal: controller.signal });
      const reader = response.body!.getReader();
      let text = '';
      return {
        async until(marker: string) {
          while (!text.includes(marker)) text += new TextDecoder().decode((await reader.read()).value);
          controller.abort();
          return text;
        },
      };
    };
    const bob = await listen(tokens.bob);
    const carol = await listen(tokens.carol);
    const events = studios.at(-1)!.events;
    events.emit('evaluation.rows', { datasetId: id, runId: 'r', rows: { columns: [], values: [] } as never, problems: [], progress: { done: 1, total: 1 } });
    events.emit('datasets.changed', { datasetId: id, paths: ['annotations/alice.jsonl', 'annotations/bob.jsonl'] });
    events.emit('annotations.changed', { datasetId: id, paths: ['annotations/alice.jsonl'] });
    events.emit('datasets.changed', { datasetId: id, paths: ['end-marker.txt'] });
    const heard = await bob.until('end-marker.txt');
    expect(heard).not.toContain('evaluation.rows');
    expect(heard).not.toContain('annotations/alice.jsonl');
    expect(heard).toContain('"paths":["annotations/bob.jsonl"]');
    const all = await carol.until('end-marker.txt');
    expect(all).toContain('evaluation.rows');
    expect(all).toContain('"paths":["annotations/alice.jsonl","annotations/bob.jsonl"]');
  });

  it("closes an event stream once its link has ended (a new link for the person): it heard evaluation rows and paths on", async () => {
    const host = await startTeamHost();
    const base = `http://127.0.0.1:${host.port}`;
    const id = await client(base, tokens.carol).open();
    const response = await fetch(`${base}/api/events`, { headers: { [tokenHeader]: tokens.carol } });
    const reader = response.body!.getReader();
    let heard = '';
    const readUntil = async (marker: string) => {
      while (!heard.includes(marker)) heard += new TextDecoder().decode((await reader.read()).value);
    };
    const events = studios.at(-1)!.events;
    events.emit('datasets.changed', { datasetId: id, paths: ['before.txt'] });
    await readUntil('before.txt');
    await addTeamMember(teamFile, 'carol', 'adjudicator'); // a new link: the old one ends
    events.emit('evaluation.rows', { datasetId: id, runId: 'r', rows: { columns: [], values: [] } as never, problems: [], progress: { done: 1, total: 1 } });
    events.emit('datasets.changed', { datasetId: id, paths: ['after.txt'] });
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) heard += new TextDecoder().decode(chunk.value);
    expect(heard).not.toContain('evaluation.rows');
    expect(heard).not.toContain('after.txt');
  });

  it('answers the public names it was given and refuses other Host headers', async () => {
    const host = await startTeamHost({ publicNames: ['studio.lab.example'] });
    const status = (hostHeader: string) =>
      new Promise<number>((resolve, reject) => {
        // fetch() does not let one set Host.
        const request = httpRequest(`http://127.0.0.1:${host.port}/`, { headers: { Host: hostHeader } }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', reject);
        request.end();
      });
    expect(await status(`studio.lab.example:${host.port}`)).toBe(200);
    expect(await status(`127.0.0.1:${host.port}`)).toBe(200);
    expect(await status(`evil.example:${host.port}`)).toBe(403);
  });

  it('serves HTTPS with a certificate and key', async () => {
    const dir = path.join(temp.base, 'tls');
    await mkdir(dir);
    const cert = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    // A self-signed certificate for localhost, made here (openssl is in the CI image).
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost', '-keyout', key, '-out', cert], { stdio: 'ignore' });
    const pem = await readFile(cert, 'utf8');
    const host = await startTeamHost({ tls: { cert: pem, key: await readFile(key, 'utf8') } });
    expect(host.url).toBe(`https://127.0.0.1:${host.port}/`);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpsRequest(
        { host: '127.0.0.1', servername: 'localhost', port: host.port, path: '/api/app.info', method: 'POST', ca: pem, headers: { Host: `localhost:${host.port}`, Origin: `https://localhost:${host.port}`, 'Content-Type': 'application/json', [tokenHeader]: tokens.alice } },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end('[]');
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).value.team).toEqual({ name: 'alice', role: 'annotator' });
  });

  it('will not listen beyond loopback without a team', async () => {
    const studio = createStudioHost({ hostKind: 'web', appRoot: temp.base, configDir: temp.configDir, datasetsDir: temp.datasetsDir });
    expect(() => startWebHost({ studio, rendererDir: temp.base, token: 't', port: 0, listen: '0.0.0.0' })).toThrow(/needs --team/);
  });
});
