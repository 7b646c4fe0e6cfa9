// A tiny hand-made dataset ("shop") that exercises the rules of SPEC §3 and §7-§11 in tests.
import type { ToolDef } from '../../format/types';

export const SHOP_TOOLS: ToolDef[] = [
  {
    name: 'search_products',
    description: 'Products whose name contains the text',
    parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false },
    effect: 'read',
    steps: [{ as: 'rows', sql: "SELECT product_name, price FROM products WHERE lower(product_name) LIKE '%' || lower(:name) || '%' ORDER BY product_name" }],
    returns: { products: '$rows.rows', count: '$count.rows' },
  },
  {
    name: 'add_to_cart',
    description: 'Add a product to the user cart',
    parameters: {
      type: 'object',
      properties: {
        user_id: { type: 'string' },
        product_name: { type: 'string', 'x-match': { entity: 'products.product_name' } },
        quantity: { type: 'integer', minimum: 1 },
        note: { type: 'string' },
      },
      required: ['user_id', 'product_name', 'quantity'],
      additionalProperties: false,
    },
    effect: 'write',
    steps: [
      {
        sql: "SELECT product_name AS pname FROM products WHERE lower(product_name) LIKE '%' || lower(:product_name) || '%'",
        expect: 'one',
        bind: true,
        error: 'no single product named {product_name}',
      },
      { sql: 'INSERT INTO carts (user_id, product_name, quantity) VALUES (:user_id, :pname, :quantity)' },
    ],
    returns: { status: 'success', message: 'added {quantity} x {pname}' },
  },
  {
    name: 'set_list',
    description: 'Replace the user shopping list, in order',
    parameters: {
      type: 'object',
      properties: { user_id: { type: 'string' }, items: { type: 'array', items: { type: 'string' }, 'x-ordered': true } },
      required: ['user_id', 'items'],
    },
    effect: 'write',
    steps: [
      { sql: 'DELETE FROM lists WHERE user_id = :user_id' },
      { sql: 'INSERT INTO lists (user_id, items) VALUES (:user_id, :items)' },
    ],
    returns: { status: 'success' },
  },
  {
    name: 'compare_products',
    description: 'Prices of several products',
    parameters: {
      type: 'object',
      properties: { names: { type: 'array', items: { type: 'string' } }, code: { type: 'string', 'x-match': 'exact' } },
      required: ['names'],
    },
    effect: 'read',
    steps: [{ as: 'rows', sql: 'SELECT product_name, price FROM products WHERE product_name IN (SELECT value FROM json_each(:names))' }],
    returns: '$rows.rows',
  },
];

export const SHOP_SCHEMA = `
CREATE TABLE products (id INTEGER PRIMARY KEY, product_name TEXT NOT NULL, price REAL NOT NULL, category TEXT);
CREATE TABLE carts (user_id TEXT NOT NULL, product_name TEXT NOT NULL, quantity INTEGER NOT NULL);
CREATE TABLE lists (user_id TEXT NOT NULL, items TEXT NOT NULL);
`;

export const SHOP_DATA = `
INSERT INTO products VALUES (1, 'Green Apple', 0.5, 'fruit'), (2, 'Red Apple', 0.6, 'fruit'),
  (3, 'Whole Milk', 1.25, 'dairy'), (4, 'Coca Cola Zero', 1.1, 'drinks'), (5, 'Coca Cola Classic', 1.0, 'drinks');
INSERT INTO carts VALUES ('u1', 'Whole Milk', 1);
`;

const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

export const call = (tool_name: string, parameters: Record<string, unknown>) => ({ tool_name, parameters });

/** Files of the shop dataset; `extra` adds or replaces files. */
export function shopFiles(extra: Record<string, string> = {}): Record<string, string> {
  return {
    'dataset.json': JSON.stringify({ id: 'shop', name: 'Shop', version: '1', modes: ['dynamic_easy', 'static'] }),
    'scenarios/shop/schema.sql': SHOP_SCHEMA,
    'scenarios/shop/data.sql': SHOP_DATA,
    'scenarios/shop/tools.json': JSON.stringify({ state_tables: ['carts', 'lists'], tools: SHOP_TOOLS }, null, 2),
    'tasks.jsonl': jsonl([
      { id: 't1', scenario: 'shop', instruction: 'User ID: u1. Add two of the apple in my hand to my cart.', image_description: 'a hand holds a green apple', video: 'videos/t1.webm', fps: 30, user_id: 'u1' },
      { id: 't2', scenario: 'shop', instruction: 'User ID: u1. Make my list: milk then cola.', image_description: '', video: 'videos/t2.webm' },
    ]),
    'ground_truth.jsonl': jsonl([
      {
        task_id: 't1',
        calls: [call('search_products', { name: 'apple' }), call('add_to_cart', { user_id: 'u1', product_name: 'Green Apple', quantity: 2 })],
        visual_refs: [{ id: 'r1', description: 'the apple in my hand', entity: 'Green Apple', start: 1, end: 4 }],
        source: 'agreed',
      },
      { task_id: 't2', calls: [call('set_list', { user_id: 'u1', items: ['Whole Milk', 'Coca Cola Zero'] })], visual_refs: [], source: 'agreed' },
    ]),
    ...extra,
  };
}

export { jsonl };
