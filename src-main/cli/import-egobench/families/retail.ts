// Retail: a product catalogue, user carts and shopping lists. Names are lower-cased on load,
// retrieval is fuzzy, carts accumulate and drop an item at zero (egobench/README.md).
import { insertRows, lowerName } from '../sql-literal';
import { jsonArrayHas, listColumn, listRows, lookupByName, write } from './dsl';
import { addLineItemSteps, removeLineItemSteps, totalAfterAdd, type LineItemTable } from './line-items';
import { totalNutrition, totalPayment, totalTax, type TotalsSpec } from './totals';
import type { ScenarioFamily, ToolBehaviour } from './types';

const SCHEMA = `CREATE TABLE products (
  product_name TEXT PRIMARY KEY, category TEXT, price REAL, tax_rate REAL, discount REAL,
  nutritional_characteristics TEXT, taste TEXT, country_of_origin TEXT, nutrition TEXT, allergens TEXT
);
CREATE TABLE carts (
  user_id TEXT NOT NULL, product_name TEXT NOT NULL, quantity NUMERIC NOT NULL,
  category TEXT, price REAL, tax_rate REAL, discount REAL,
  PRIMARY KEY (user_id, product_name)
);
CREATE TABLE shopping_lists (
  user_id TEXT NOT NULL, product_name TEXT NOT NULL, quantity NUMERIC NOT NULL
);
`;

type Obj = Record<string, unknown>;
const objects = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter((x): x is Obj => typeof x === 'object' && x !== null) : []);

function dataSql(seed: Obj): string {
  const products = objects(seed.products);
  const byName = new Map(products.map((p) => [lowerName(p.name), p]));
  const productRows = products.map((p) => [
    lowerName(p.name), p.category, p.price, p.tax_rate, p.discount,
    p.nutritional_characteristics ?? [], p.taste ?? [], p.country_of_origin, p.nutrition ?? null, p.allergens ?? [],
  ]);
  // Seed cart items name only the product; the release fills category and prices from the catalogue.
  const cartRows = objects(seed.user_carts).flatMap((cart) =>
    objects(cart.items).map((item) => {
      const product = byName.get(lowerName(item.product_name)) ?? {};
      return [cart.user_id, lowerName(item.product_name), item.quantity, product.category, product.price, product.tax_rate, product.discount];
    }),
  );
  const listRowsData = objects(seed.user_shopping_lists).flatMap((list) =>
    objects(list.items).map((item) => [list.user_id, lowerName(item.product_name), item.quantity]),
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

const cart: LineItemTable = {
  table: 'carts',
  keys: [['user_id', ':user_id'], ['product_name', 'lower(:product_name)']],
  quantityColumn: 'quantity',
  quantityParam: 'qty',
};

const totals: TotalsSpec = {
  itemsParam: 'products',
  itemName: 'product_name',
  catalogue: 'products',
  catalogueName: 'product_name',
  notFound: 'One or more products were not found in the catalog.',
};

const names = (where: string): string => `SELECT product_name FROM products WHERE ${where} ORDER BY rowid`;

const behaviours: Record<string, ToolBehaviour> = {
  add_product: write(
    [
      {
        sql:
          'INSERT OR REPLACE INTO products (product_name, category, price, tax_rate, discount, nutritional_characteristics, taste, country_of_origin, nutrition, allergens) ' +
          "VALUES (lower(:product_name), :category, :price, :tax_rate, :discount, :nutritional_characteristics, :taste, :country_of_origin, :nutrition, coalesce(:allergens, '[]'))",
      },
    ],
    "Product '{product_name}' added or updated.",
  ),
  delete_product: write(
    [
      { sql: 'SELECT 1 FROM products WHERE product_name = lower(:product_name)', expect: 'one', error: "Product '{product_name}' not found." },
      { sql: 'DELETE FROM products WHERE product_name = lower(:product_name)' },
    ],
    "Product '{product_name}' deleted.",
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
  get_nutrition: field(['nutrition']),
  // Not in the released schemas but called by some ground truths: kept so replays find them.
  get_country_of_origin: field(['country_of_origin']),
  get_taste: field(['taste']),
  get_allergens: field(['allergens']),
  // The release's add_to_cart takes only user, product and quantity; the rest comes from the catalogue.
  add_to_cart: write(
    addLineItemSteps({
      ...cart,
      guards: [{
        sql: 'SELECT category AS p_category, price AS p_price, tax_rate AS p_tax_rate, discount AS p_discount FROM products WHERE product_name = lower(:product_name)',
        expect: 'one',
        error: "Product '{product_name}' not found in the catalog.",
        bind: true,
      }],
      extra: [['category', ':p_category'], ['price', ':p_price'], ['tax_rate', ':p_tax_rate'], ['discount', ':p_discount']],
      newMessage: ['Added ', { sql: ':qty' }, " of '", { sql: 'lower(:product_name)' }, "' to user '", { sql: ':user_id' }, "' cart."],
      moreMessage: ['Added ', { sql: ':qty' }, " more of '", { sql: 'lower(:product_name)' }, "' to user '", { sql: ':user_id' }, "' cart. Total quantity: ", { sql: totalAfterAdd(cart) }],
    }),
    '{message}',
  ),
  remove_from_cart: write(
    removeLineItemSteps({
      ...cart,
      notFound: "Product '{product_name}' not found in user '{user_id}' cart.",
      allMessage: ["Removed all '", { sql: 'lower(:product_name)' }, "' from user '", { sql: ':user_id' }, "' cart."],
      partMessage: ['Removed ', { sql: ':qty' }, " of '", { sql: 'lower(:product_name)' }, "' from user '", { sql: ':user_id' }, "' cart. Remaining quantity: ", { sql: ':current_quantity - :qty' }],
    }),
    '{message}',
  ),
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
  stateTables: ['products', 'carts', 'shopping_lists'],
  behaviours,
  // Evidence: official matches pair add_to_cart calls whose prices differ (retail1 task 24).
  ignoredParams: { add_to_cart: ['category', 'price', 'tax_rate', 'discount'] },
  matchRules: { product_name: { entity: 'products.product_name' } },
};

