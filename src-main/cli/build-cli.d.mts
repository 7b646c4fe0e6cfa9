import type { BuildOptions } from 'esbuild';

export declare const cliOutDir: string;
export declare const nodeBundleOptions: BuildOptions;
export declare function cliIsStale(): boolean;
export declare function buildCli(): Promise<void>;
