export declare const cliOutDir: string;
export declare function cliIsStale(): boolean;
export declare function buildCli(): Promise<void>;
