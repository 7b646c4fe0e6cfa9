export declare const SCORING_V8_FLAGS: string[];
export declare function scoringRestartArgs(execArgv: readonly string[], argv: readonly string[]): string[] | null;
