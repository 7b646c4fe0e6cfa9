import type { BuildOptions } from 'esbuild';

export declare const cliOutDir: string;
export declare const nodeBundleOptions: BuildOptions;
export declare function cliIsStale(): boolean;
export declare function buildCli(): Promise<void>;
export declare const SCORING_SOURCES_FILE: string;
export declare function scoringSourcesHash(): Promise<string>;
export declare function writeScoringSources(outDir: string, workerFile: string, before: string): Promise<void>;
