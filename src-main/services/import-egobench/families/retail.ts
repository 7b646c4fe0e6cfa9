// Retail: a product catalogue, user carts and shopping lists. Names are lower-cased on load,
// retrieval is fuzzy, carts accumulate and drop an item at zero (egobench/README.md).
import { insertRows, lowerName, lowerText, seedObjects } from '../sql-literal';
import { fuzzyMatch, guard, jsonArrayHas, listColumn, listRows, lookupByName, numberGuard, pyStr, write } from './dsl';
import { totalNutrition, totalPayment, totalTax, type TotalsSpec } from './totals';
import type { ScenarioFamily, ToolBehaviour } from './types';

// Cart columns are untyped so a value keeps the type the release stores (it converts qty, price,
// tax and discount to float); the state view quotes them so 2 and 2.0 read apart, as in the
// official hash. Shopping lists never change (no tool writes them) and are not state.
const SCHEMA = `CREATE TABLE products (
  product_name TEXT PRIMARY KEY, category TEXT, price, tax_rate, discount,
  nutritional_characteristics TEXT, taste TEXT, country_of_origin TEXT, nutrition TEXT, allergens TEXT
);
CREATE TABLE carts (
  user_id NOT NULL, product_name NOT NULL, quantity, category, price, tax_rate, discount,
  PRIMARY KEY (user_id, product_name)
);
CREATE TABLE shopping_lists (
  user_id TEXT NOT NULL, product_name TEXT NOT NULL, quantity NUMERIC NOT NULL
);
CREATE VIEW product_state AS SELECT product_name, category, json_quote(price) AS price, json_quote(tax_rate) AS tax_rate,
  json_quote(discount) AS discount, nutritional_characteristics, taste, country_of_origin, nutrition FROM products;
CREATE VIEW cart_state AS SELECT user_id, product_name, json_quote(quantity) AS quantity, json_quote(category) AS category,
  json_quote(price) AS price, json_quote(tax_rate) AS tax_rate, json_quote(discount) AS discount FROM carts;
`;

type Obj = Record<string, unknown>;

function dataSql(seed: Obj): string {
  const products = seedObjects(seed.products);
  const byName = new Map(products.map((p) => [lowerName(p.name), p]));
  const productRows = products.map((p) => [
    lowerName(p.name), lowerText(p.category ?? ' '), p.price ?? 0, p.tax_rate ?? 0, p.discount ?? 1,
    p.nutritional_characteristics ?? [], p.taste ?? [], p.country_of_origin, p.nutrition ?? null, p.allergens ?? [],
  ]);
  // Seed cart items name only the product; the release fills category and prices from the catalogue.
  const cartRows = seedObjects(seed.user_carts).flatMap((cart) =>
    seedObjects(cart.items).map((item) => {
      // The release fills a seed line from the catalogue, or with " ", 0.0, 0.0 and 1.0 when the product is unknown.
      const product = byName.get(lowerName(item.product_name));
      const line = product ? [lowerText(product.category ?? ' '), product.price ?? 0, product.tax_rate ?? 0, product.discount ?? 1] : [' ', 0, 0, 1];
      return [cart.user_id, lowerName(item.product_name), item.quantity ?? 0, ...line];
    }),
  );
  const listRowsData = seedObjects(seed.user_shopping_lists).flatMap((list) =>
    seedObjects(list.items).map((item) => [list.user_id, lowerName(item.product_name), item.quantity]),
  );
  return [
    insertRows('products', ['product_name', 'category', 'price', 'tax_rate', 'discount', 'nutritional_characteristics', 'taste', 'country_of_origin', 'nutrition', 'allergens'], productRows),
    insertRows('carts', ['user_id', 'product_name', 'quantity', 'category', 'price', 'tax_rate', 'discount'], cartRows),
    insertRows('shopping_lists', ['user_id', 'product_name', 'quantity'], listRowsData),
  ].filter(Boolean).join('\n') + '\n';
}

const NOT_FOUND = "No matching products found for '{product_name}'.";
const field = (columns: string[]): ToolBehaviour =>
  lookupByName({ table: 'products', nameColumn: 'product_name', param: 'product_name', match: 'fuzzy', columns, listKey: 'products', notFound: NOT_FOUND });

const totals: TotalsSpec = {
  itemsParam: 'products',
  itemName: 'product_name',
  catalogue: 'products',
  catalogueName: 'product_name',
};

/**
 * A tool the release's RetailDB lacks: the evaluator's getattr fails. The step names
 * `:product_name` so the schema inferred for it (tool-library.ts) keeps the parameter that
 * matching compares, as the official matcher keeps it.
 */
const noMethod = (name: string): ToolBehaviour => ({
  effect: 'read',
  steps: [{ sql: 'SELECT 1 WHERE :product_name IS NULL AND 0', expect: 'one', error: `'RetailDB' object has no attribute '${name}'` }],
  returns: { status: 'error' },
  noMethod: true,
});

const names = (where: string): string => `SELECT product_name FROM products WHERE ${where} ORDER BY rowid`;

const behaviours: Record<string, ToolBehaviour> = {
  // The implementation takes `name`, not the schema's `product_name` (dropped): a call that follows
  // the schema lacks a required argument and changes nothing.
  add_product: write(
    [
      // `nutrition` is a required argument of the method (not of the released schema): a call without it raises and changes nothing.
      { sql: 'SELECT 1 WHERE :nutrition IS NOT NULL', expect: 'one', error: "RetailDB.add_product() missing 1 required positional argument: 'nutrition'" },
      {
        sql:
          'INSERT OR REPLACE INTO products (product_name, category, price, tax_rate, discount, nutritional_characteristics, taste, country_of_origin, nutrition, allergens) ' +
          "VALUES (unicode_lower(:name), unicode_lower(:category), :price, :tax_rate, :discount, :nutritional_characteristics, :taste, unicode_lower(:country_of_origin), :nutrition, coalesce(:allergens, '[]'))",
      },
    ],
    "Product '{name}' added or updated.",
  ),
  // Fuzzy: every product whose name contains `name` or is contained in it goes, from the catalogue and every cart.
  delete_product: write(
    [
      { sql: `SELECT 1 FROM products WHERE ${fuzzyMatch('product_name', 'name')}`, expect: 'some', error: "Product '{name}' not found." },
      { sql: `DELETE FROM carts WHERE product_name IN (SELECT product_name FROM products WHERE ${fuzzyMatch('product_name', 'name')})` },
      { sql: `DELETE FROM products WHERE ${fuzzyMatch('product_name', 'name')}` },
    ],
    "Product '{name}' deleted.",
  ),
  find_products_by_nutritional_characteristic: listColumn(names(jsonArrayHas('nutritional_characteristics', 'characteristic')), 'product_names', 'product_name'),
  find_products_by_taste: listColumn(names(jsonArrayHas('taste', 'taste')), 'product_names', 'product_name'),
  find_products_by_country_of_origin: listColumn(names('lower(country_of_origin) = lower(:country)'), 'product_names', 'product_name'),
  find_products_by_price_range: listColumn(names('price >= :min_price AND price <= :max_price'), 'product_names', 'product_name'),
  list_discounted_products: listColumn(names('discount < 1.0'), 'product_names', 'product_name'),
  get_price: field(['price']),
  get_tax_rate: field(['tax_rate']),
  get_category: field(['category']),
  get_discount: field(['discount']),
  // The nutrition as an object (the release's result), not as its JSON text.
  get_nutrition: {
    effect: 'read',
    steps: [
      { sql: `SELECT 1 FROM products WHERE ${fuzzyMatch('product_name', 'product_name')}`, expect: 'some', error: NOT_FOUND },
      {
        as: 'r',
        sql: "SELECT json_object('products', json_group_array(json_object('product_name', product_name, 'nutrition', json(nutrition))), 'count', count(*)) AS result " +
          `FROM (SELECT product_name, nutrition FROM products WHERE ${fuzzyMatch('product_name', 'product_name')} ORDER BY rowid)`,
      },
    ],
    returns: '$json.r.result',
  },
  // Not in the released schemas but called by some ground truths: kept so that matching knows
  // their parameters. The release has no such methods: a call fails, as its recorded result says.
  get_country_of_origin: noMethod('get_country_of_origin'),
  get_taste: noMethod('get_taste'),
  get_allergens: noMethod('get_allergens'),
  // The release's add_to_cart: numbers must be numbers (a string raises, changing nothing), then
  // qty > 0, price >= 0, tax >= 0, 0 <= discount <= 1; any product name is accepted (lower-cased);
  // the four numbers are stored as float, a known line adds its quantity and takes the new
  // category, price, tax and discount.
  add_to_cart: write([
    ...['qty', 'price', 'tax_rate', 'discount'].map((p) => numberGuard(p)),
    guard(':qty > 0', 'Quantity must be greater than 0.'),
    guard(':price >= 0', 'Price cannot be negative.'),
    guard(':tax_rate >= 0', 'Tax rate cannot be negative.'),
    guard(':discount >= 0 AND :discount <= 1', 'Discount must be between 0 and 1.'),
    // The release's message prints the float quantity, and for a known line the new total.
    {
      sql: `SELECT 'Added ' || ${pyStr('CAST(:qty AS REAL)')} || coalesce(' more of ''' || :product_name || ''' to user ''' || :user_id || ''' cart. Total quantity: ' || ` +
        `(SELECT ${pyStr('quantity + CAST(:qty AS REAL)')} FROM carts WHERE user_id = :user_id AND product_name = unicode_lower(:product_name)), ` +
        `' of ''' || :product_name || ''' to user ''' || :user_id || ''' cart.') AS added`,
      bind: true,
    },
    {
      sql: 'INSERT INTO carts (user_id, product_name, quantity, category, price, tax_rate, discount) ' +
        'VALUES (:user_id, unicode_lower(:product_name), CAST(:qty AS REAL), :category, CAST(:price AS REAL), CAST(:tax_rate AS REAL), CAST(:discount AS REAL)) ' +
        'ON CONFLICT (user_id, product_name) DO UPDATE SET quantity = quantity + excluded.quantity, category = excluded.category, ' +
        'price = excluded.price, tax_rate = excluded.tax_rate, discount = excluded.discount',
    },
  ], '{added}'),
  // qty must be a positive number; the line goes when qty covers it, else it shrinks.
  remove_from_cart: write([
    numberGuard('qty'),
    guard(':qty > 0', 'Quantity must be greater than 0.'),
    {
      sql: 'SELECT quantity AS current_quantity FROM carts WHERE user_id = :user_id AND product_name = unicode_lower(:product_name)',
      expect: 'one', error: "Product '{product_name}' not found in user '{user_id}' cart.", bind: true,
    },
    guard(`typeof(:current_quantity) IN ('integer', 'real')`, "unsupported operand type(s) for -"),
    // (Only "Removed all" was recorded; the partial removal keeps the studio's wording.)
    { sql: `SELECT CASE WHEN :current_quantity <= :qty THEN 'Removed all ''' || :product_name || ''' from user ''' || :user_id || ''' cart.' ELSE 'Removed ' || :qty || ' of ''' || :product_name || ''' from user ''' || :user_id || ''' cart.' END AS removed`, bind: true },
    { sql: 'DELETE FROM carts WHERE user_id = :user_id AND product_name = unicode_lower(:product_name) AND :current_quantity <= :qty' },
    { sql: 'UPDATE carts SET quantity = quantity - :qty WHERE user_id = :user_id AND product_name = unicode_lower(:product_name) AND :current_quantity > :qty' },
  ], '{removed}'),
  clear_cart: write([{ sql: 'DELETE FROM carts WHERE user_id = :user_id' }], "Cart for user '{user_id}' cleared successfully."),
  get_cart: listRows('SELECT product_name, quantity, category, price, tax_rate, discount FROM carts WHERE user_id = :user_id ORDER BY rowid', 'cart_items'),
  get_shopping_list: listRows('SELECT product_name, quantity FROM shopping_lists WHERE user_id = :user_id ORDER BY rowid', 'shopping_list'),
  compute_total_payment: totalPayment(totals),
  compute_total_tax: totalTax(totals),
  compute_total_nutrition: totalNutrition(totals),
};

export const retail: ScenarioFamily = {
  name: 'retail',
  schemaSql: SCHEMA,
  dataSql,
  stateTables: ['product_state', 'cart_state'],
  behaviours,
  // The official matcher drops add_to_cart's category, price, tax and discount: the shipped output
  // pairs add_to_cart calls whose prices differ (retail1 task 24: 3 of 4 matched with glitz at 79
  // against Kim Crawford at 139). BEHAVIOUR.md lists them in the method's signature, and execution
  // above stores them; for matching the official output wins over that description.
  ignoredParams: { add_to_cart: ['category', 'price', 'tax_rate', 'discount'], add_product: ['product_name'], delete_product: ['product_name'] },
  extraParams: { add_product: { name: { type: 'string', description: 'The product name (the implementation takes `name`).' } }, delete_product: { name: { type: 'string', description: 'The product name (the implementation takes `name`).' } } },
  matchRules: { product_name: { entity: 'products.product_name' } },
  // The official analysis's list (get_country_of_origin, get_taste and get_allergens are no methods of the release).
  queryTools: [
    'get_price', 'get_tax_rate', 'get_category', 'get_discount', 'get_nutrition', 'find_products_by_nutritional_characteristic',
    'find_products_by_taste', 'find_products_by_country_of_origin', 'find_products_by_price_range', 'list_discounted_products',
  ],
};

