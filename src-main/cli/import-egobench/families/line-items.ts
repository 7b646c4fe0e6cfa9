// Carts, orders and shopping lists behave alike in the release: adding an item already there
// accumulates its quantity, removing takes quantity away and deletes the item at zero.
import type { ToolStep } from '../../../../shared/format/types';
import { guard } from './dsl';

/** A piece of a message built in SQL: literal text, or `{ sql }` for an expression. */
export type MessagePart = string | { sql: string };

/** `'Added ' || :qty || ' of ...'` from parts. */
export function sqlText(parts: MessagePart[]): string {
  return parts.map((p) => (typeof p === 'string' ? `'${p.replace(/'/g, "''")}'` : `(${p.sql})`)).join(' || ');
}

export interface LineItemTable {
  table: string;
  /** Identity columns and the SQL expressions that fill them, e.g. ['user_id', ':user_id']. */
  keys: Array<[column: string, expr: string]>;
  quantityColumn: string;
  quantityParam: string;
}

function keyCondition(spec: LineItemTable): string {
  return spec.keys.map(([column, expr]) => `${column} = ${expr}`).join(' AND ');
}

export interface AddSpec extends LineItemTable {
  /** Other columns written when the item is new, e.g. the price the caller gave. */
  extra?: Array<[column: string, expr: string]>;
  newMessage: MessagePart[];
  /** May use `{ sql: 'total' }`... via the `TOTAL` expression below. */
  moreMessage: MessagePart[];
  /** Extra guards run before anything changes. */
  guards?: ToolStep[];
}

/** SQL of the quantity after the add, for `moreMessage`. */
export function totalAfterAdd(spec: LineItemTable): string {
  return `(SELECT ${spec.quantityColumn} FROM ${spec.table} WHERE ${keyCondition(spec)}) + :${spec.quantityParam}`;
}

/** Steps that add quantity to an item, creating it when absent; the message is bound as `message`. */
export function addLineItemSteps(spec: AddSpec): ToolStep[] {
  const columns = [...spec.keys, [spec.quantityColumn, `:${spec.quantityParam}`] as [string, string], ...(spec.extra ?? [])];
  const keyColumns = spec.keys.map(([c]) => c).join(', ');
  return [
    guard(`:${spec.quantityParam} > 0`, 'Quantity must be greater than 0.'),
    ...(spec.guards ?? []),
    {
      sql: `SELECT CASE WHEN EXISTS (SELECT 1 FROM ${spec.table} WHERE ${keyCondition(spec)}) THEN ${sqlText(spec.moreMessage)} ELSE ${sqlText(spec.newMessage)} END AS message`,
      bind: true,
    },
    {
      sql:
        `INSERT INTO ${spec.table} (${columns.map(([c]) => c).join(', ')}) VALUES (${columns.map(([, e]) => e).join(', ')}) ` +
        `ON CONFLICT (${keyColumns}) DO UPDATE SET ${spec.quantityColumn} = ${spec.quantityColumn} + excluded.${spec.quantityColumn}`,
    },
  ];
}

export interface RemoveSpec extends LineItemTable {
  notFound: string;
  allMessage: MessagePart[];
  /** May use `:current_quantity`, the quantity before removal. */
  partMessage: MessagePart[];
}

/** Steps that take quantity from an item and delete it when none is left; message bound as `message`. */
export function removeLineItemSteps(spec: RemoveSpec): ToolStep[] {
  const where = keyCondition(spec);
  const q = `:${spec.quantityParam}`;
  return [
    guard(`${q} > 0`, 'Quantity must be greater than 0.'),
    { sql: `SELECT ${spec.quantityColumn} AS current_quantity FROM ${spec.table} WHERE ${where}`, expect: 'one', error: spec.notFound, bind: true },
    {
      sql: `SELECT CASE WHEN ${q} >= :current_quantity THEN ${sqlText(spec.allMessage)} ELSE ${sqlText(spec.partMessage)} END AS message`,
      bind: true,
    },
    { sql: `UPDATE ${spec.table} SET ${spec.quantityColumn} = ${spec.quantityColumn} - ${q} WHERE ${where}` },
    { sql: `DELETE FROM ${spec.table} WHERE ${where} AND ${spec.quantityColumn} <= 0` },
  ];
}

/** Steps that delete an item whole (the kitchen shopping list, menus). */
export function deleteItemSteps(table: string, where: string, notFound: string): ToolStep[] {
  return [
    { sql: `SELECT 1 FROM ${table} WHERE ${where}`, expect: 'some', error: notFound },
    { sql: `DELETE FROM ${table} WHERE ${where}` },
  ];
}
