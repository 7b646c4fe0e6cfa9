// Restaurant and order (several restaurants, every call names one): a dish catalogue, set meals
// and user orders. Dish and set-meal names are lower-cased on load; look-ups are fuzzy.
import type { ToolStep } from '../../../../shared/format/types';
import { insertRows, lowerName } from '../sql-literal';
import { fuzzyMatch, jsonArrayHas, listColumn, listRows, lookupByName, write } from './dsl';
import { addLineItemSteps, removeLineItemSteps, totalAfterAdd, type LineItemTable } from './line-items';
import { NUTRIENTS, totalNutrition, totalPayment, totalTax, type TotalsSpec } from './totals';
import type { ScenarioFamily, ToolBehaviour } from './types';

type Obj = Record<string, unknown>;
const objects = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter((x): x is Obj => typeof x === 'object' && x !== null) : []);

const DISH_COLUMNS = ['dish_name', 'category', 'price', 'tax_rate', 'discount', 'nutritional_characteristics', 'taste', 'allergens', 'nutrition'];

/**
 * Dishes and set meals as one priced list, for the totals tools (ground truths total orders that
 * hold set meals). A set meal without its own price costs its dishes' prices; its tax rate is its
 * dishes' mean and its nutrition their sum.
 */
function pricedItemsView(scoped: boolean): string {
  const r = scoped ? 'restaurant_name, ' : '';
  const same = scoped ? ' AND d.restaurant_name = m.restaurant_name' : '';
  const parts = `FROM json_each(m.included_dishes) AS i JOIN dishes AS d ON d.dish_name = lower(json_extract(i.value, '$.dish_name'))${same}`;
  const nutrition = NUTRIENTS.map((n) => `'${n}', (SELECT sum(json_extract(d.nutrition, '$.${n}') * json_extract(i.value, '$.quantity')) ${parts})`).join(', ');
  return `CREATE VIEW priced_items AS
  SELECT ${r}dish_name AS item_name, price, tax_rate, discount, nutrition FROM dishes
  UNION ALL
  SELECT ${scoped ? 'm.restaurant_name, ' : ''}m.set_meal_name, coalesce(m.set_meal_price, (SELECT sum(d.price * json_extract(i.value, '$.quantity')) ${parts})),
    (SELECT avg(d.tax_rate) ${parts}), m.set_meal_discount, json_object(${nutrition})
  FROM set_meals AS m;
`;
}

/** `scoped`: the order scenario, where dishes, set meals and orders belong to a restaurant. */
function buildDining(name: string, scoped: boolean): ScenarioFamily {
  const r = scoped ? 'restaurant_name TEXT NOT NULL, ' : '';
  const rKey = scoped ? 'restaurant_name, ' : '';
  const schemaSql =
    (scoped ? 'CREATE TABLE restaurants (restaurant_name TEXT PRIMARY KEY);\n' : '') +
    `CREATE TABLE dishes (${r}dish_name TEXT NOT NULL, category TEXT, price REAL, tax_rate REAL, discount REAL,
  nutritional_characteristics TEXT, taste TEXT, allergens TEXT, nutrition TEXT, UNIQUE (${rKey}dish_name));
CREATE TABLE set_meals (${r}set_meal_name TEXT NOT NULL, set_meal_price REAL, set_meal_discount REAL, included_dishes TEXT,
  UNIQUE (${rKey}set_meal_name));
CREATE TABLE orders (${r}user_id TEXT NOT NULL, dish_name TEXT NOT NULL, quantity NUMERIC NOT NULL,
  UNIQUE (${rKey}user_id, dish_name));
${pricedItemsView(scoped)}`;

  function dataSql(seed: Obj): string {
    const restaurants = [...new Set(objects(seed.dishes).map((d) => String(d.restaurant_name ?? '')))];
    const own = (o: Obj): unknown[] => (scoped ? [o.restaurant_name] : []);
    const cols = (c: string[]): string[] => (scoped ? ['restaurant_name', ...c] : c);
    return [
      scoped ? insertRows('restaurants', ['restaurant_name'], restaurants.map((x) => [x])) : '',
      insertRows('dishes', cols(DISH_COLUMNS), objects(seed.dishes).map((d) => [
        ...own(d), lowerName(d.name), d.category, d.price, d.tax_rate, d.discount,
        d.nutritional_characteristics ?? [], d.taste ?? [], d.allergens ?? [], d.nutrition ?? null,
      ])),
      insertRows('set_meals', cols(['set_meal_name', 'set_meal_price', 'set_meal_discount', 'included_dishes']), objects(seed.set_meals).map((m) => [
        ...own(m), lowerName(m.name), m.set_meal_price ?? null, m.set_meal_discount, m.included_dishes ?? [],
      ])),
      insertRows('orders', cols(['user_id', 'dish_name', 'quantity']), objects(seed.user_orders).flatMap((o) =>
        objects(o.items).map((i) => [...own(o), o.user_id, lowerName(i.dish_name), i.quantity]),
      )),
    ].filter(Boolean).join('\n') + '\n';
  }

  // The order scenario resolves the restaurant first (fuzzy, first match) and binds it as :restaurant.
  const resolve: ToolStep[] = scoped
    ? [{
        sql: `SELECT restaurant_name AS restaurant FROM restaurants WHERE ${fuzzyMatch('restaurant_name', 'restaurant_name')} ORDER BY rowid LIMIT 1`,
        expect: 'one',
        error: "Restaurant '{restaurant_name}' not found.",
        bind: true,
      }]
    : [];
  const inRestaurant = (alias = ''): string => (scoped ? `${alias}restaurant_name = :restaurant` : '1');
  const withResolve = (b: ToolBehaviour): ToolBehaviour => ({ ...b, steps: [...resolve, ...b.steps] });
  const and = (cond: string): string => (scoped ? `${cond} AND ${inRestaurant()}` : cond);

  const dishNotFound = "No matching dishes found for '{dish_name}'.";
  const dishField = (columns: string[]): ToolBehaviour =>
    withResolve(lookupByName({ table: 'dishes', nameColumn: 'dish_name', param: 'dish_name', match: 'fuzzy', columns, listKey: 'dishes', notFound: dishNotFound, where: scoped ? inRestaurant() : undefined }));
  const dishNames = (where: string): ToolBehaviour =>
    withResolve(listColumn(`SELECT dish_name FROM dishes WHERE ${and(where)} ORDER BY rowid`, 'dish_names', 'dish_name'));

  const keys = (item: [string, string]): Array<[string, string]> => [
    ...(scoped ? ([['restaurant_name', ':restaurant']] as Array<[string, string]>) : []),
    ['user_id', ':user_id'],
    item,
  ];
  const dishOrder: LineItemTable = { table: 'orders', keys: keys(['dish_name', 'lower(:dish_name)']), quantityColumn: 'quantity', quantityParam: 'quantity' };
  const mealOrder: LineItemTable = { table: 'orders', keys: keys(['dish_name', 'lower(:set_meal_name)']), quantityColumn: 'quantity', quantityParam: 'quantity' };
  const who = (p: string): Array<string | { sql: string }> => ["'", { sql: `lower(:${p})` }, "' for user '", { sql: ':user_id' }, "'"];

  const totals: TotalsSpec = {
    itemsParam: 'dishes', itemName: 'dish_name', catalogue: 'priced_items', catalogueName: 'item_name',
    catalogueWhere: scoped ? inRestaurant('c.') : undefined,
    notFound: 'One or more dishes were not found in the catalog.',
  };
  const exact = (column: string, param: string): string => and(`${column} = lower(:${param})`);

  const behaviours: Record<string, ToolBehaviour> = {
    add_dish_to_catalog: withResolve(write([{
      sql: `INSERT OR REPLACE INTO dishes (${scoped ? 'restaurant_name, ' : ''}${DISH_COLUMNS.join(', ')}) VALUES (${scoped ? ':restaurant, ' : ''}lower(:dish_name), :category, :price, :tax_rate, :discount, :nutritional_characteristics, :taste, :allergens, :nutrition)`,
    }], "Dish '{dish_name}' added or updated.")),
    remove_dish_from_catalog: withResolve(write([
      { sql: `SELECT 1 FROM dishes WHERE ${exact('dish_name', 'dish_name')}`, expect: 'one', error: "Dish '{dish_name}' not found." },
      { sql: `DELETE FROM dishes WHERE ${exact('dish_name', 'dish_name')}` },
    ], "Dish '{dish_name}' removed from the catalog.")),
    update_dish_price: withResolve(write([
      { sql: `SELECT 1 FROM dishes WHERE ${exact('dish_name', 'dish_name')}`, expect: 'one', error: "Dish '{dish_name}' not found." },
      { sql: `UPDATE dishes SET price = :new_price WHERE ${exact('dish_name', 'dish_name')}` },
    ], "Price of '{dish_name}' updated to {new_price}.")),
    update_dish_discount: withResolve(write([
      { sql: `SELECT 1 FROM dishes WHERE ${exact('dish_name', 'dish_name')}`, expect: 'one', error: "Dish '{dish_name}' not found." },
      { sql: `UPDATE dishes SET discount = :new_discount WHERE ${exact('dish_name', 'dish_name')}` },
    ], "Discount of '{dish_name}' updated to {new_discount}.")),
    get_dish_nutrition: dishField(['nutrition']),
    get_dish_allergens: dishField(['allergens']),
    get_tax_rate: dishField(['tax_rate']),
    get_dish_taste_profile: dishField(['taste']),
    get_dish_price: dishField(['price']),
    get_dish_discount: dishField(['discount']),
    find_dishes_by_category: dishNames('lower(category) = lower(:category)'),
    find_dishes_by_nutritional_tag: dishNames(jsonArrayHas('nutritional_characteristics', 'tag')),
    find_dishes_by_taste: dishNames(jsonArrayHas('taste', 'taste')),
    list_all_discounted_dishes: dishNames('discount < 1.0'),
    filter_dishes_by_price_range: dishNames('price >= :min_price AND price <= :max_price'),
    add_dish_to_order: withResolve(write(addLineItemSteps({
      ...dishOrder,
      newMessage: ['Added ', { sql: ':quantity' }, ' x ', ...who('dish_name'), '.'],
      moreMessage: ['Added ', { sql: ':quantity' }, ' more x ', ...who('dish_name'), '. Total quantity: ', { sql: totalAfterAdd(dishOrder) }],
    }), '{message}')),
    remove_dish_from_order: withResolve(write(removeLineItemSteps({
      ...dishOrder,
      notFound: "Dish '{dish_name}' is not in the order of user '{user_id}'.",
      allMessage: ['Removed all ', ...who('dish_name'), '.'],
      partMessage: ['Removed ', { sql: ':quantity' }, ' x ', ...who('dish_name'), '. Remaining quantity: ', { sql: ':current_quantity - :quantity' }],
    }), '{message}')),
    clear_user_order: withResolve(write([{ sql: `DELETE FROM orders WHERE ${and('user_id = :user_id')}` }], "Order for user '{user_id}' cleared successfully.")),
    get_user_order_summary: withResolve(listRows(`SELECT dish_name, quantity FROM orders WHERE ${and('user_id = :user_id')} ORDER BY rowid`, 'items', { user_id: '$param.user_id' })),
    compute_total_payment: withResolve(totalPayment(totals)),
    compute_total_tax: withResolve(totalTax(totals)),
    compute_total_nutrition: withResolve(totalNutrition(totals)),
    create_set_meal: withResolve(write([{
      sql: `INSERT OR REPLACE INTO set_meals (${scoped ? 'restaurant_name, ' : ''}set_meal_name, set_meal_price, set_meal_discount, included_dishes) VALUES (${scoped ? ':restaurant, ' : ''}lower(:set_meal_name), :set_meal_price, :set_meal_discount, :included_dishes)`,
    }], "Set meal '{set_meal_name}' created.")),
    get_set_meal_details: withResolve(lookupByName({
      table: 'set_meals', nameColumn: 'set_meal_name', param: 'set_meal_name', match: 'fuzzy',
      columns: ['included_dishes', 'set_meal_price', 'set_meal_discount'], listKey: 'set_meals',
      notFound: "No matching set meals found for '{set_meal_name}'.", where: scoped ? inRestaurant() : undefined,
    })),
    add_set_meal_to_order: withResolve(write(addLineItemSteps({
      ...mealOrder,
      guards: [{ sql: `SELECT 1 FROM set_meals WHERE ${exact('set_meal_name', 'set_meal_name')}`, expect: 'one', error: "Set meal '{set_meal_name}' not found." }],
      newMessage: ['Added ', { sql: ':quantity' }, ' x set meal ', ...who('set_meal_name'), '.'],
      moreMessage: ['Added ', { sql: ':quantity' }, ' more x set meal ', ...who('set_meal_name'), '. Total quantity: ', { sql: totalAfterAdd(mealOrder) }],
    }), '{message}')),
    remove_set_meal_from_order: withResolve(write(removeLineItemSteps({
      ...mealOrder,
      notFound: "Set meal '{set_meal_name}' is not in the order of user '{user_id}'.",
      allMessage: ['Removed all set meal ', ...who('set_meal_name'), '.'],
      partMessage: ['Removed ', { sql: ':quantity' }, ' x set meal ', ...who('set_meal_name'), '. Remaining quantity: ', { sql: ':current_quantity - :quantity' }],
    }), '{message}')),
    find_set_meals_containing_dish: withResolve(listColumn(
      `SELECT set_meal_name FROM set_meals AS m WHERE ${scoped ? `${inRestaurant('m.')} AND ` : ''}EXISTS (SELECT 1 FROM json_each(m.included_dishes) AS d WHERE ${fuzzyMatch("json_extract(d.value, '$.dish_name')", 'dish_name')}) ORDER BY rowid`,
      'set_meal_names', 'set_meal_name',
    )),
  };

  const matchRules: ScenarioFamily['matchRules'] = { dish_name: { entity: 'dishes.dish_name' } };
  if (scoped) matchRules.restaurant_name = { entity: 'restaurants.restaurant_name' };
  return { name, schemaSql, dataSql, stateTables: ['dishes', 'set_meals', 'orders'], behaviours, matchRules };
}

export const restaurant = buildDining('restaurant', false);
export const order = buildDining('order', true);
