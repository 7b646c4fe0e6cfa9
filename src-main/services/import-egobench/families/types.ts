// A scenario family (retail, restaurant, order, kitchen): how the release's seed data becomes
// SQLite and how each of its tools behaves, written as SPEC §3 steps.
import type { Json, ParamSchema, ToolStep } from '../../../../shared/format/types';

export interface ToolBehaviour {
  effect: 'read' | 'write';
  steps: ToolStep[];
  returns: Json;
  /** A failure keeps what earlier steps changed (ToolDef `x-partial`). */
  'x-partial'?: boolean;
  /** The release has no method for it either: its calls fail there as here (said in the tool's description). */
  noMethod?: true;
}

/** A parameter's comparison rule in the `egobench` profile (written as `x-match`). */
export type MatchRule = { entity: string } | 'casefold';

export interface ScenarioFamily {
  /** The release's scenario name: tasks `retail3.json`, tools `retail_tools.json`, init `retail_init.json`. */
  name: string;
  schemaSql: string;
  /** INSERT statements for one variant's seed object (e.g. `retail_init_data3`). */
  dataSql(seed: Record<string, unknown>): string;
  /** What the official ResultSucc hashes: the catalogue, carts, lists or menus. */
  stateTables: string[];
  behaviours: Record<string, ToolBehaviour>;
  /**
   * Parameters a released schema declares but the release's implementation does not take (tool ->
   * names). The official evaluator drops them before matching, so they are marked `x-ignored`.
   */
  ignoredParams?: Record<string, string[]>;
  /**
   * Parameters the implementation takes though the released schema does not declare them (tool
   * -> name -> schema), required: e.g. `name` of the catalogue tools, whose schemas say `dish_name`.
   */
  extraParams?: Record<string, Record<string, ParamSchema>>;
  /**
   * The tools the official error analysis counts as queries for its "multimodal" check (its own
   * per-scenario list; not the same as the read tools). Written as `x-query` on those tools.
   */
  queryTools: string[];
  /**
   * Variant number -> the restaurant the official analysis requires as the last restaurant named
   * (its own table: order1 Annie Italian, order2 Mediterranean Greek; other variants are not checked).
   */
  officialRestaurants?: Record<number, string>;
  /** Parameter name -> rule, applied wherever the name occurs in a tool's parameters. */
  matchRules: Record<string, MatchRule>;
}
