export declare const repoRoot: string;
export declare function isBuildStale(): boolean;
export declare function buildIfNeeded(): void;
export declare function withDefaultDataset(args: readonly string[], flag?: string): string[];
