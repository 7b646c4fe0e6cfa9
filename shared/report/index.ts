// Report building: the paper's tables and figures from an evaluation report (pure functions).
export * from './build';
export * from './charts';
export * from './export';
export * from './reviews';
export type * from './types';
