// A small shop scenario shared by the engine tests (not part of the engine).
import type { ParamSchema, ScenarioDef, ToolDef } from '../format/types';

export const SHOP_SCHEMA = `
CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL NOT NULL,
                       stock INTEGER NOT NULL CHECK (stock >= 0), tags TEXT);
CREATE TABLE cart (product_id INTEGER PRIMARY KEY, quantity INTEGER NOT NULL CHECK (quantity > 0));
CREATE TABLE log (entry TEXT, payload TEXT, flag INTEGER, note TEXT, kind TEXT);
`;

export const SHOP_DATA = `
INSERT INTO products VALUES (1, 'Green Tea', 3.5, 10, NULL), (2, 'Black Tea', 4.0, 0, NULL),
                            (3, 'Coffee Beans', 12.25, 5, '["organic"]');
INSERT INTO cart VALUES (3, 1);
`;

const object = (properties: Record<string, ParamSchema>, required: string[] = []): ParamSchema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

export const searchProducts: ToolDef = {
  name: 'search_products',
  description: 'Find products by partial name',
  parameters: object({ query: { type: 'string' } }, ['query']),
  effect: 'read',
  steps: [{ as: 'rows', sql: "SELECT name, price FROM products WHERE lower(name) LIKE '%' || lower(:query) || '%' ORDER BY name" }],
  returns: { products: '$rows.rows', count: '$count.rows' },
};

/** Three checked steps then two writes, the usual shape of a write tool. */
export const addToCart: ToolDef = {
  name: 'add_to_cart',
  description: 'Put a product in the cart',
  parameters: object({ product_name: { type: 'string' }, quantity: { type: 'integer', minimum: 1, maximum: 5 } }, ['product_name']),
  effect: 'write',
  steps: [
    {
      sql: "SELECT id AS product_id, name, stock FROM products WHERE lower(name) LIKE '%' || lower(:product_name) || '%'",
      expect: 'one',
      bind: true,
      error: 'no single product matches {product_name}',
    },
    { sql: 'SELECT 1 FROM products WHERE id = :product_id AND stock >= coalesce(:quantity, 1)', expect: 'some', error: 'only {stock} of {name} left' },
    { sql: 'INSERT INTO cart (product_id, quantity) VALUES (:product_id, coalesce(:quantity, 1)) ON CONFLICT (product_id) DO UPDATE SET quantity = quantity + excluded.quantity' },
    { sql: 'UPDATE products SET stock = stock - coalesce(:quantity, 1) WHERE id = :product_id' },
  ],
  returns: { status: 'success', message: 'Added {quantity} x {name}' },
};

export const logEvent: ToolDef = {
  name: 'log_event',
  description: 'Record anything',
  parameters: object({
    entry: { type: 'string' },
    payload: { type: 'object' },
    tags: { type: 'array', items: { type: 'string' } },
    flag: { type: 'boolean' },
    note: { type: 'string' },
    kind: { enum: ['info', 'warn'] },
  }),
  effect: 'write',
  steps: [{ sql: 'INSERT INTO log VALUES (:entry, coalesce(:payload, :tags), :flag, :note, :kind)' }],
};

export function shopScenario(extraTools: ToolDef[] = []): ScenarioDef {
  return {
    id: 'shop',
    schemaSql: SHOP_SCHEMA,
    dataSql: SHOP_DATA,
    library: { state_tables: ['cart', 'log', 'products'], tools: [searchProducts, addToCart, logEvent, ...extraTools] },
  };
}

export function tool(name: string, effect: 'read' | 'write', steps: ToolDef['steps'], extra: Partial<ToolDef> = {}): ToolDef {
  return { name, description: '', parameters: { type: 'object', properties: {} }, effect, steps, ...extra };
}
