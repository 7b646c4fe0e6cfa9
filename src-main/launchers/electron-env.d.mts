export declare const droppedVariables: readonly string[];
export declare function electronEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
