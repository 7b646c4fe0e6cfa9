// Electron fuses flipped in the packaged app's binary (@electron/fuses): switches compiled into
// Electron that no command line, environment variable or later code can turn back on.
import { FuseV1Options, FuseVersion, type FuseV1Config } from '@electron/fuses';

export const studioFuses = {
  version: FuseVersion.V1,
  // Fail packaging when a newer Electron adds a fuse nobody decided on.
  strictlyRequireAllFuses: true,
  // ELECTRON_RUN_AS_NODE would make the app a plain Node with its privileges.
  [FuseV1Options.RunAsNode]: false,
  // Cookies and other session secrets encrypted at rest with the OS keychain.
  [FuseV1Options.EnableCookieEncryption]: true,
  // NODE_OPTIONS (--require, --inspect) and --inspect* arguments would inject code into main.
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // The app runs only from its app.asar, whose header hash the binary checks (macOS and Windows;
  // @electron/packager embeds the hash there; Electron has no ASAR integrity on Linux).
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  // One V8 snapshot for every process, as Electron ships it.
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  // The renderer comes over app://, so file:// keeps no extra privileges.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  // Electron's default (faster, safe WebAssembly bounds checks).
  [FuseV1Options.WasmTrapHandlers]: true,
} satisfies FuseV1Config;

/** The fuses for one target: macOS arm64 needs its ad-hoc signature redone after the binary changes. */
export function fusesFor(platform: string, arch: string): FuseV1Config {
  return { ...studioFuses, resetAdHocDarwinSignature: platform === 'darwin' && arch === 'arm64' };
}
