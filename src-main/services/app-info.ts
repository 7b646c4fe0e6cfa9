// What the studio reports about itself (app.info): name and version from package.json.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppInfo, HostKind } from '../../shared/api/studio-api';

export function readAppInfo(appRoot: string, hostKind: HostKind): AppInfo {
  let name = 'egobench-studio';
  let version = '0.0.0';
  try {
    const pkg = JSON.parse(readFileSync(path.join(appRoot, 'package.json'), 'utf8')) as { name?: string; version?: string };
    name = pkg.name ?? name;
    version = pkg.version ?? version;
  } catch {
    // A packaged app without package.json beside it still starts.
  }
  const { node, electron, chrome } = process.versions as NodeJS.ProcessVersions & { electron?: string; chrome?: string };
  return {
    name,
    version,
    platform: process.platform,
    hostKind,
    versions: { node, ...(electron ? { electron } : {}), ...(chrome ? { chrome } : {}) },
  };
}
