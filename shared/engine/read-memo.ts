// Which tool-step queries can be answered from memory. A read-only statement that reads only
// tables no tool can ever write, and calls only deterministic functions, gives the same rows for
// the same bound values whatever calls ran before; scoring runs the same lookups (a product by
// name, a user by id) thousands of times, so their rows are kept instead of scanning again.
// The analysis reads SQLite's own compiled programs (EXPLAIN), so views, subqueries and indexes
// are seen as SQLite runs them; anything it cannot vouch for turns the memo off.
import type { Database } from 'sql.js';
import { firstKeyword } from './statements';

/** Statements a tool step may hold without turning the memo off: DDL, PRAGMA and the rest do. */
const DATA_KEYWORDS = new Set(['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'REPLACE', 'WITH', 'VALUES']);

/** Statements that may only read (a WITH may still write: its program says). */
const QUERY_KEYWORDS = new Set(['SELECT', 'WITH', 'VALUES']);

/** Opcodes that change the schema or run code the analysis does not see (triggers, FK actions, virtual-table writes). */
const OPAQUE_OPCODES = new Set(['Program', 'VUpdate', 'VCreate', 'VDestroy', 'CreateBtree', 'Destroy', 'ParseSchema', 'DropTable', 'DropIndex', 'DropTrigger', 'SqlExec', 'Vacuum', 'Expire']);

const FUNCTION_OPCODES = new Set(['Function', 'PureFunc', 'AggStep', 'AggStep1', 'AggFinal', 'AggValue', 'AggInverse']);

/**
 * Functions whose value depends on their arguments alone. Date and time functions are not here
 * ('now'), nor random(), changes(), last_insert_rowid() and the like.
 */
const DETERMINISTIC_FUNCTIONS = new Set([
  'abs', 'char', 'coalesce', 'concat', 'concat_ws', 'format', 'glob', 'hex', 'ifnull', 'iif', 'instr', 'length', 'like', 'likelihood',
  'likely', 'lower', 'ltrim', 'max', 'min', 'nullif', 'octet_length', 'printf', 'quote', 'replace', 'round', 'rtrim', 'sign', 'soundex',
  'substr', 'substring', 'trim', 'typeof', 'unhex', 'unicode', 'unlikely', 'upper', 'zeroblob', 'unicode_lower',
  'avg', 'count', 'group_concat', 'string_agg', 'sum', 'total',
  'json', 'json_array', 'json_array_length', 'json_extract', 'json_object', 'json_quote', 'json_type', 'json_valid', '->', '->>',
  'json_group_array', 'json_group_object',
]);

interface Op {
  opcode: string;
  p1: number;
  p2: number;
  p3: number;
  p4: unknown;
  p5: number;
}

/** OPFLAG_P2ISREG: the root page is in a register, not known before the program runs. */
const ROOT_IN_REGISTER = 0x10;

function program(db: Database, sql: string): Op[] | null {
  let statement;
  try {
    // prepare() compiles the first statement only: nothing after it runs.
    statement = db.prepare(`EXPLAIN ${sql}`);
  } catch {
    return null;
  }
  try {
    const ops: Op[] = [];
    while (statement.step()) {
      const [, opcode, p1, p2, p3, p4, p5] = statement.get();
      ops.push({ opcode: String(opcode), p1: Number(p1), p2: Number(p2), p3: Number(p3), p4, p5: Number(p5) });
    }
    return ops;
  } catch {
    return null;
  } finally {
    statement.free();
  }
}

/** Table of each b-tree root page of the main database (an index counts as its table). */
function tablesByRootPage(db: Database): Map<number, string> {
  const out = new Map<number, string>();
  for (const [rootpage, table] of db.exec("SELECT rootpage, tbl_name FROM main.sqlite_master WHERE type IN ('table', 'index') AND rootpage > 0")[0]?.values ?? [])
    out.set(Number(rootpage), String(table));
  return out;
}

export class ReadMemoPolicy {
  private constructor(
    private readonly db: Database,
    private readonly tables: Map<number, string>,
    /** Tables some tool step can write. */
    private readonly writable: Set<string>,
  ) {}

  /**
   * The policy for a database and every step its tools may run; null (no memo) when a step is
   * not plain data access, a write runs triggers or foreign-key actions, or the schema holds triggers.
   */
  static analyse(db: Database, stepSqls: Iterable<string>): ReadMemoPolicy | null {
    const triggers = db.exec("SELECT count(*) FROM main.sqlite_master WHERE type = 'trigger'")[0]?.values[0]?.[0];
    if (Number(triggers) !== 0) return null;
    const tables = tablesByRootPage(db);
    const writable = new Set<string>();
    for (const sql of new Set(stepSqls)) {
      if (!DATA_KEYWORDS.has(firstKeyword(sql))) return null;
      const ops = program(db, sql);
      if (!ops) continue; // does not compile: it fails every time it is run, and changes nothing
      for (const op of ops) {
        if (OPAQUE_OPCODES.has(op.opcode)) return null;
        if (op.opcode === 'OpenWrite' || op.opcode === 'Clear') {
          if (op.opcode === 'OpenWrite' && op.p5 & ROOT_IN_REGISTER) return null;
          const root = op.opcode === 'OpenWrite' ? op.p2 : op.p1;
          const database = op.opcode === 'OpenWrite' ? op.p3 : op.p2;
          if (database !== 0) continue; // temp tables are never read from memory
          const table = tables.get(root);
          if (table === undefined) return null;
          writable.add(table);
        }
        if ((op.opcode === 'Insert' || op.opcode === 'Delete') && typeof op.p4 === 'string' && op.p4 !== '') writable.add(op.p4);
      }
    }
    return new ReadMemoPolicy(db, tables, writable);
  }

  /** Whether a statement's rows depend on its bound values alone (read-only, static tables, pure functions). */
  memoizable(sql: string): boolean {
    if (!QUERY_KEYWORDS.has(firstKeyword(sql))) return false;
    const ops = program(this.db, sql);
    if (!ops) return false;
    for (const op of ops) {
      if (op.opcode === 'Transaction' && op.p2 !== 0) return false; // a write transaction
      if (OPAQUE_OPCODES.has(op.opcode) || op.opcode === 'VOpen' || op.opcode === 'OpenWrite' || op.opcode === 'Clear' || op.opcode === 'Insert' || op.opcode === 'Delete')
        return false;
      if (op.opcode === 'OpenRead' || op.opcode === 'ReopenIdx') {
        if (op.p3 !== 0 || op.p5 & ROOT_IN_REGISTER) return false; // temp database, or a root page found at run time
        const table = this.tables.get(op.p2);
        if (table === undefined || this.writable.has(table)) return false;
      }
      if (FUNCTION_OPCODES.has(op.opcode)) {
        const text = String(op.p4);
        const name = text.slice(0, text.lastIndexOf('(')).toLowerCase();
        if (!DETERMINISTIC_FUNCTIONS.has(name)) return false;
      }
    }
    return true;
  }
}
