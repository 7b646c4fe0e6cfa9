// Domain types of the data contract (SPEC §1-§6). Values read from files are validated
// by the zod schemas in ./schemas.ts before they take these types.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

import type { EntityTarget } from './match-marks';

export interface Problem {
  file: string;
  line: number; // 1-based; 0 when the problem is not tied to a line
  message: string;
}

export interface DatasetMeta {
  id: string;
  name: string;
  version: string;
  modes: string[];
  profile?: 'paper' | 'egobench';
}

/** A JSON Schema (draft 2020-12 subset, SPEC §3) plus the x-ordered / x-match extensions. */
export interface ParamSchema {
  type?: string | string[];
  properties?: Record<string, ParamSchema>;
  required?: string[];
  additionalProperties?: boolean | ParamSchema;
  items?: ParamSchema;
  enum?: Json[];
  minimum?: number;
  maximum?: number;
  description?: string;
  'x-ordered'?: boolean;
  /** `exact`, `{entity}` (SPEC §8.1), or `casefold` (EgoBench kitchen fields: whole string, case-insensitive). */
  'x-match'?: 'exact' | 'casefold' | { entity: string };
  /** Declared by a released schema but not taken by its implementation (egobench profile). */
  'x-ignored'?: boolean;
  [key: string]: unknown;
}

export interface ToolStep {
  sql: string;
  as?: string;
  expect?: 'one' | 'some' | 'none';
  error?: string;
  bind?: boolean;
}

export interface ToolDef {
  name: string;
  description: string;
  parameters: ParamSchema;
  effect: 'read' | 'write';
  steps: ToolStep[];
  returns?: Json;
  /**
   * egobench profile: the official error analysis counts this tool as a query (its "multimodal"
   * check reads only queries). Where no tool of a library carries it, read tools are the queries.
   */
  'x-query'?: boolean;
  /**
   * A write whose failure keeps what the steps before it changed, instead of changing nothing
   * (SPEC §3's rule). For tools that reproduce code that mutates in place and does not roll back:
   * the EgoBench order tools create a restaurant entry before they check anything else.
   */
  'x-partial'?: boolean;
  /**
   * `"$json.S.C"` in `returns` reads column C of step S's first row as JSON text and gives the value
   * it encodes (nested objects built with SQLite's json_object). Not in SPEC §3: without this flag
   * such a string is text, as SPEC says. The EgoBench importer sets it where its tools need it.
   */
  'x-json-returns'?: boolean;
}

export interface ToolLibrary {
  state_tables: string[];
  tools: ToolDef[];
}

export interface ScenarioDef {
  id: string;
  schemaSql: string;
  dataSql: string;
  library: ToolLibrary;
  /** The library's `x-match` entity targets, checked against the seed once it is built (match-marks.ts). */
  entityTargets?: EntityTarget[];
  /** The line of each tool of `library.tools` in tools.json, for problems found later (a call past the time limit). */
  toolLines?: number[];
  /** The line of `state_tables` in tools.json, for a table it names that the seed lacks (found once the engine is built). */
  stateTablesLine?: number;
}

export interface Task {
  id: string;
  scenario: string;
  instruction: string;
  image_description: string;
  video: string;
  fps?: number;
  user_id?: string;
  /** Facts of the official EgoBench scripts about the task, written by the importer (egobench profile). */
  'x-egobench'?: { restaurant?: string };
}

/** A well-formed tool call. Raw entries in trajectories stay `unknown` (SPEC §6). */
export interface ToolCall {
  tool_name: string;
  parameters: JsonObject;
}

export interface VisualRef {
  id: string;
  description: string;
  entity: string;
  /** Clip seconds; null or absent when not known (imported EgoBench references have no times). */
  start?: number | null;
  end?: number | null;
  /** The parameter the entity fills, where known. */
  param?: string;
}

export interface Annotation {
  task_id: string;
  annotator: string;
  calls: ToolCall[];
  visual_refs: VisualRef[];
  status: 'draft' | 'submitted';
  revision: number;
  updated_at: string;
}

export interface GroundTruth {
  task_id: string;
  calls: ToolCall[];
  visual_refs: VisualRef[];
  source: 'agreed' | 'adjudicated';
  adjudicator?: string;
  note?: string;
  /**
   * The studio's own: the annotations' revisions this line settled (annotator -> revision), so a
   * task whose annotators still differ reads as settled until one of them changes (not in SPEC §5;
   * other readers ignore it).
   */
  settled?: Record<string, number>;
}

export interface DialogueMessage {
  role: 'user' | 'agent';
  turn: number;
  content: string;
}

export interface ToolResultMessage {
  role: 'tool';
  tool_name?: string;
  parameters?: unknown;
  content: unknown;
}

export interface ToolCallItem {
  turn: number;
  /** Entries kept as written, even when malformed (SPEC §6). */
  calls: unknown[];
  /** A "; "-joined string of JSON documents, an array of tool messages, or absent. */
  results?: string | ToolResultMessage[] | unknown;
}

export interface Trajectory {
  id: string;
  task_id: string;
  model: string;
  mode: string;
  dialogue: DialogueMessage[];
  tool_calls: ToolCallItem[];
  rounds_count?: number;
  input_tokens?: number;
  output_tokens?: number;
  tool_calls_count?: number;
  /** Where it was read from, for problems and deep links. */
  source?: { file: string; line: number };
}
