// Restaurant and order (several restaurants, every call names one): a dish catalogue, set meals
// and user orders. Dish and set-meal names are lower-cased on load; look-ups are fuzzy.
import type { ToolStep } from '../../../../shared/format/types';
import { insertRows, lowerList, lowerName, seedObjects } from '../sql-literal';
import { addable, fuzzyMatch, guard, jsonArrayHas, listColumn, listRows, lookupByName, pyAdd, write } from './dsl';
import { NUTRIENTS, totalNutrition, totalPayment, totalTax, type TotalsSpec } from './totals';
import type { ScenarioFamily, ToolBehaviour } from './types';

type Obj = Record<string, unknown>;

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

/** Python's TypeError text for `a <op> b` of two values that do not go together. */
function pyTypeError(op: string, a: string, b: string): string {
  const pyType = (x: string): string => `CASE typeof(${x}) WHEN 'text' THEN '''str''' WHEN 'integer' THEN '''int''' WHEN 'real' THEN '''float''' ELSE '''NoneType''' END`;
  return `'unsupported operand type(s) for ${op}: ' || ${pyType(a)} || ' and ' || ${pyType(b)}`;
}

/** The official analysis's query tools for restaurant and order. */
const DINING_QUERIES = [
  'get_dish_nutrition', 'get_dish_allergens', 'get_dish_taste_profile', 'get_dish_price', 'get_dish_discount', 'get_tax_rate',
  'get_user_order_summary', 'get_set_meal_details', 'find_dishes_by_category', 'find_dishes_by_nutritional_tag', 'find_dishes_by_taste',
  'find_set_meals_containing_dish', 'list_all_discounted_dishes', 'filter_dishes_by_price_range',
  'compute_total_payment', 'compute_total_tax', 'compute_total_nutrition',
];

/**
 * Seed set meals as the release loads them: the name lower-cased, `included_dishes` rebuilt as
 * {dish_name lower-cased, quantity (default 1.0)} without the dishes the catalogue lacks.
 */
function seedSetMeal(meal: Obj, dishes: Set<string>): unknown[] {
  const included = seedObjects(meal.included_dishes)
    .map((d) => ({ dish_name: lowerName(d.dish_name), quantity: d.quantity ?? 1 }))
    .filter((d) => dishes.has(d.dish_name));
  return [lowerName(meal.name), meal.set_meal_price ?? null, meal.set_meal_discount ?? 1, included];
}

/**
 * `scoped`: the order scenario, where dishes, set meals and orders belong to a restaurant ("store").
 * Quantities, prices and keys are untyped columns: the release stores what it is given (a string
 * quantity stays a string), and the state views quote values so 1, 1.0 and "1" read apart, as in
 * the official hash. A user whose order was emptied stays (`order_owners`), as does every store,
 * phantom ones included.
 */
function buildDining(name: string, scoped: boolean): ScenarioFamily {
  const r = scoped ? 'restaurant_name NOT NULL, ' : '';
  const rKey = scoped ? 'restaurant_name, ' : '';
  const sameStore = (a: string, b: string): string => (scoped ? ` AND ${a}.restaurant_name = ${b}.restaurant_name` : '');
  const schemaSql =
    (scoped ? 'CREATE TABLE restaurants (restaurant_name PRIMARY KEY);\n' : '') +
    `CREATE TABLE dishes (${r}dish_name TEXT NOT NULL, category TEXT, price, tax_rate, discount,
  nutritional_characteristics TEXT, taste TEXT, allergens TEXT, nutrition TEXT, UNIQUE (${rKey}dish_name));
CREATE TABLE set_meals (${r}set_meal_name NOT NULL, set_meal_price, set_meal_discount, included_dishes TEXT,
  UNIQUE (${rKey}set_meal_name));
CREATE TABLE order_owners (${r}user_id NOT NULL, PRIMARY KEY (${rKey}user_id));
CREATE TABLE orders (${r}user_id NOT NULL, dish_name NOT NULL, quantity,
  UNIQUE (${rKey}user_id, dish_name));
CREATE VIEW dish_state AS SELECT ${rKey}dish_name, category, json_quote(price) AS price, json_quote(tax_rate) AS tax_rate,
  json_quote(discount) AS discount, nutritional_characteristics, taste, allergens, nutrition FROM dishes;
CREATE VIEW set_meal_state AS SELECT ${rKey}set_meal_name, json(included_dishes) AS included_dishes,
  json_quote(coalesce(set_meal_price, 0.0)) AS set_meal_price, json_quote(set_meal_discount) AS set_meal_discount FROM set_meals;
CREATE VIEW order_state AS SELECT ${scoped ? 's.restaurant_name, ' : ''}o.user_id, l.dish_name, json_quote(l.quantity) AS quantity
  FROM ${scoped ? 'restaurants AS s LEFT JOIN order_owners AS o ON o.restaurant_name = s.restaurant_name' : 'order_owners AS o'}
  LEFT JOIN orders AS l ON l.user_id = o.user_id${sameStore('l', 'o')};
${pricedItemsView(scoped)}`;

  function dataSql(seed: Obj): string {
    const store = (o: Obj): string => String(o.restaurant_name ?? '');
    const dishRows = seedObjects(seed.dishes);
    const meals = seedObjects(seed.set_meals);
    // Lower-cased dish and set-meal names per store (one store, '', in restaurant), built once.
    const namesByStore = (rows: Obj[]): Map<string, Set<string>> => {
      const byStore = new Map<string, Set<string>>();
      for (const row of rows) {
        const key = scoped ? store(row) : '';
        if (!byStore.has(key)) byStore.set(key, new Set());
        byStore.get(key)!.add(lowerName(row.name));
      }
      return byStore;
    };
    const dishNamesByStore = namesByStore(dishRows);
    const mealNamesByStore = namesByStore(meals);
    const none = new Set<string>();
    const menu = (o: Obj): Set<string> => dishNamesByStore.get(scoped ? store(o) : '') ?? none;
    const mealNames = (o: Obj): Set<string> => mealNamesByStore.get(scoped ? store(o) : '') ?? none;
    const stores = [...new Set([...dishRows, ...meals, ...seedObjects(seed.user_orders)].map(store))];
    const own = (o: Obj): unknown[] => (scoped ? [o.restaurant_name] : []);
    const cols = (c: string[]): string[] => (scoped ? ['restaurant_name', ...c] : c);
    // Restaurant keeps a seed order line only when it names a dish or a set meal; order keeps every line.
    const kept = (o: Obj, i: Obj): boolean => scoped || menu(o).has(lowerName(i.dish_name)) || mealNames(o).has(lowerName(i.dish_name));
    return [
      scoped ? insertRows('restaurants', ['restaurant_name'], stores.map((x) => [x])) : '',
      insertRows('dishes', cols(DISH_COLUMNS), dishRows.map((d) => [
        ...own(d), lowerName(d.name), lowerName(d.category), d.price ?? 0, d.tax_rate ?? 0, d.discount ?? 1,
        lowerList(d.nutritional_characteristics), lowerList(d.taste), lowerList(d.allergens), d.nutrition ?? null,
      ])),
      insertRows('set_meals', cols(['set_meal_name', 'set_meal_price', 'set_meal_discount', 'included_dishes']), meals.map((m) => [...own(m), ...seedSetMeal(m, menu(m))])),
      insertRows('order_owners', cols(['user_id']), seedObjects(seed.user_orders).map((o) => [...own(o), o.user_id])),
      insertRows('orders', cols(['user_id', 'dish_name', 'quantity']), seedObjects(seed.user_orders).flatMap((o) =>
        seedObjects(o.items).filter((i) => kept(o, i)).map((i) => [...own(o), o.user_id, lowerName(i.dish_name), i.quantity]),
      )),
    ].filter(Boolean).join('\n') + '\n';
  }

  // Every order tool that takes a restaurant first looks its store up by the exact name and creates
  // an empty one when there is none (even a query, even when it then fails): a write whose partial
  // change stays. The compute_total_* tools look stores up under the lower-cased name and create none.
  const storeSteps: ToolStep[] = scoped
    ? [{ sql: 'INSERT INTO restaurants (restaurant_name) VALUES (:restaurant_name) ON CONFLICT (restaurant_name) DO NOTHING' }, { sql: 'SELECT :restaurant_name AS restaurant', bind: true }]
    : [];
  const inStore = (b: ToolBehaviour): ToolBehaviour => (scoped ? { ...b, effect: 'write', 'x-partial': true, steps: [...storeSteps, ...b.steps] } : b);
  const inRestaurant = (alias = ''): string => (scoped ? `${alias}restaurant_name = :restaurant` : '1');
  const and = (cond: string): string => (scoped ? `${cond} AND ${inRestaurant()}` : cond);
  // The catalogue tools take `name` (the schema's `dish_name` is dropped); a missing argument fails before the store is touched.
  const needsName: ToolStep = { sql: 'SELECT 1 WHERE :name IS NOT NULL', expect: 'one', error: "missing 1 required positional argument: 'name'" };
  const catalogueTool = (b: ToolBehaviour): ToolBehaviour => {
    const scopedTool = inStore(b);
    return { ...scopedTool, steps: [needsName, ...scopedTool.steps] };
  };

  // Results as the release's restaurant_db.py / order_db.py word them (its recorded results).
  // get_dish_*: `{"status": "success", "matching_dishes": {<dish>: <value>}}`, every dish the
  // name finds (fuzzy), in catalogue order. Only nutrition, allergens and discount were recorded;
  // price, taste and tax rate are shaped the same (one helper in the release, by all appearances).
  const dishNotFound = "No dishes found containing '{dish_name}'.";
  const dishMatch = and(fuzzyMatch('dish_name', 'dish_name'));
  const dishField = (value: string): ToolBehaviour => inStore({
    effect: 'read',
    steps: [
      { sql: `SELECT 1 FROM dishes WHERE ${dishMatch}`, expect: 'some', error: dishNotFound },
      { as: 'r', sql: `SELECT json_object('status', 'success', 'matching_dishes', json_group_object(dish_name, ${value})) AS result FROM (SELECT * FROM dishes WHERE ${dishMatch} ORDER BY rowid)` },
    ],
    returns: '$json.r.result',
  });
  // No recorded result of the finders other than find_dishes_by_category (`{"dishes": [...]}`):
  // they keep the studio's `dish_names`.
  const dishNames = (where: string, key = 'dish_names'): ToolBehaviour =>
    inStore(listColumn(`SELECT dish_name FROM dishes WHERE ${and(where)} ORDER BY rowid`, key, 'dish_name'));

  const totals: TotalsSpec = {
    itemsParam: 'dishes', itemName: 'dish_name', catalogue: 'priced_items', catalogueName: 'item_name',
    // Order's totals look the store up under the lower-cased name, which no store has (store names
    // keep their case): they price nothing and return 0, as the release does.
    catalogueWhere: scoped ? 'c.restaurant_name = unicode_lower(:restaurant_name)' : undefined,
  };
  const askedRestaurant: Record<string, string> = scoped ? { restaurant_name: '$param.restaurant_name' } : {};
  const exact = (column: string, param: string): string => and(`${column} = unicode_lower(:${param})`);
  const line = (param: string): string => and(`user_id = :user_id AND dish_name = unicode_lower(:${param})`);
  const owner = `INSERT INTO order_owners (${rKey}user_id) VALUES (${scoped ? ':restaurant, ' : ''}:user_id) ON CONFLICT DO NOTHING`;

  /**
   * add_dish_to_order / add_set_meal_to_order: the name must be in `table` (dishes, or set meals);
   * then the user's order exists, and the line adds the quantity as given (not validated, not
   * converted: 0, negatives and strings are stored; a number and a string do not add, and raise).
   */
  const addLine = (param: string, table: string, column: string, missing: string, added: string): ToolBehaviour => inStore(write([
    { sql: `SELECT 1 FROM ${table} WHERE ${exact(column, param)}`, expect: 'one', error: missing },
    { sql: owner },
    { sql: `SELECT coalesce((SELECT ${pyTypeError('+=', 'quantity', ':quantity')} FROM orders WHERE ${line(param)}), '') AS type_error`, bind: true },
    { sql: `SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM orders WHERE ${line(param)}) OR (SELECT ${addable('quantity', ':quantity')} FROM orders WHERE ${line(param)})`, expect: 'one', error: '{type_error}' },
    {
      sql: `INSERT INTO orders (${rKey}user_id, dish_name, quantity) VALUES (${scoped ? ':restaurant, ' : ''}:user_id, unicode_lower(:${param}), :quantity) ` +
        `ON CONFLICT (${rKey}user_id, dish_name) DO UPDATE SET quantity = ${pyAdd('quantity', 'excluded.quantity')}`,
    },
  ], added));
  /**
   * remove_*: the user's line must exist (in the catalogue or not); both numbers; the line goes at
   * 0 or below, the user stays. `removed` is the message, from the bound `current_quantity`.
   */
  const removeLine = (param: string, label: string, removed: string): ToolBehaviour => inStore(write([
    { sql: `SELECT quantity AS current_quantity FROM orders WHERE ${line(param)}`, expect: 'one', error: `${label} '{${param}}' not found in order for user {user_id}.`, bind: true },
    { sql: `SELECT ${pyTypeError('-', ':current_quantity', ':quantity')} AS type_error`, bind: true },
    guard(`typeof(:current_quantity) IN ('integer', 'real') AND typeof(:quantity) IN ('integer', 'real')`, '{type_error}'),
    { sql: `SELECT ${removed} AS removed`, bind: true },
    // Arithmetic on the column: a REAL read back into JavaScript and bound again would be an integer.
    { sql: `DELETE FROM orders WHERE ${line(param)} AND quantity - :quantity <= 0` },
    { sql: `UPDATE orders SET quantity = quantity - :quantity WHERE ${line(param)}` },
  ], '{removed}'));

  const behaviours: Record<string, ToolBehaviour> = {
    add_dish_to_catalog: catalogueTool(write([{
      sql: `INSERT OR REPLACE INTO dishes (${scoped ? 'restaurant_name, ' : ''}${DISH_COLUMNS.join(', ')}) VALUES (${scoped ? ':restaurant, ' : ''}unicode_lower(:name), unicode_lower(:category), :price, :tax_rate, :discount, :nutritional_characteristics, :taste, :allergens, :nutrition)`,
    }], "Dish '{name}' added or updated.")),
    // Removing a dish also takes it out of every user's order.
    remove_dish_from_catalog: catalogueTool(write([
      { sql: `SELECT 1 FROM dishes WHERE ${exact('dish_name', 'name')}`, expect: 'one', error: "Dish '{name}' not found." },
      { sql: `DELETE FROM dishes WHERE ${exact('dish_name', 'name')}` },
      { sql: `DELETE FROM orders WHERE ${exact('dish_name', 'name')}` },
    ], "Dish '{name}' removed from the catalog.")),
    update_dish_price: catalogueTool(write([
      { sql: `SELECT 1 FROM dishes WHERE ${exact('dish_name', 'name')}`, expect: 'one', error: "Dish '{name}' not found." },
      { sql: `UPDATE dishes SET price = :new_price WHERE ${exact('dish_name', 'name')}` },
    ], "Price of '{name}' updated to {new_price}.")),
    update_dish_discount: catalogueTool(write([
      { sql: `SELECT 1 FROM dishes WHERE ${exact('dish_name', 'name')}`, expect: 'one', error: "Dish '{name}' not found." },
      { sql: `UPDATE dishes SET discount = :new_discount WHERE ${exact('dish_name', 'name')}` },
    ], "Discount of '{name}' updated to {new_discount}.")),
    get_dish_nutrition: dishField('json(nutrition)'),
    get_dish_allergens: dishField('json(allergens)'),
    get_tax_rate: dishField('tax_rate'),
    get_dish_taste_profile: dishField('json(taste)'),
    get_dish_price: dishField('price'),
    get_dish_discount: dishField('discount'),
    find_dishes_by_category: dishNames('lower(category) = lower(:category)', 'dishes'),
    find_dishes_by_nutritional_tag: dishNames(jsonArrayHas('nutritional_characteristics', 'tag')),
    find_dishes_by_taste: dishNames(jsonArrayHas('taste', 'taste')),
    list_all_discounted_dishes: dishNames('discount < 1.0'),
    filter_dishes_by_price_range: dishNames('price >= :min_price AND price <= :max_price'),
    add_dish_to_order: addLine('dish_name', 'dishes', 'dish_name', "Dish '{dish_name}' does not exist in catalog.", 'Added {quantity} x {dish_name} to order for user {user_id}.'),
    // The release's message names no dish (its text has an empty field: "Removed  from ..."),
    // or says the whole line went when more was asked than ordered.
    remove_dish_from_order: removeLine('dish_name', 'Dish',
      "CASE WHEN :current_quantity - :quantity < 0 THEN 'Removed entire item (requested more than available) from order for user ' || :user_id || '.' ELSE 'Removed  from order for user ' || :user_id || '.' END"),
    // The order empties; the user stays (as []).
    clear_user_order: inStore(write([{ sql: `DELETE FROM orders WHERE ${and('user_id = :user_id')}` }], 'Order cleared for user {user_id}.')),
    get_user_order_summary: inStore({
      ...listRows(`SELECT dish_name, quantity FROM orders WHERE ${and('user_id = :user_id')} ORDER BY rowid`, 'items'),
      returns: { user_id: '$param.user_id', items: '$rows.rows', total_items: '$count.rows' },
    }),
    // The release answers with the total alone (order's beside the restaurant as asked).
    compute_total_payment: { ...totalPayment(totals), returns: { ...askedRestaurant, user_id: '$param.user_id', [scoped ? 'total_payment' : 'total']: '$value.sum.total' } },
    compute_total_tax: { ...totalTax(totals), returns: { ...askedRestaurant, user_id: '$param.user_id', total_tax: '$value.sum.total_tax' } },
    compute_total_nutrition: {
      ...totalNutrition(totals),
      returns: { ...askedRestaurant, user_id: '$param.user_id', total_nutrition: Object.fromEntries(NUTRIENTS.filter((n) => n !== 'serving_size_g').map((n) => [n, `$value.sum.${n}`])) },
    },
    // Every dish must be in the catalogue; the list is stored exactly as given, price and discount too.
    create_set_meal: inStore(write([
      {
        sql: `SELECT 1 FROM json_each(:included_dishes) AS i WHERE NOT EXISTS (SELECT 1 FROM dishes AS d WHERE d.dish_name = unicode_lower(json_extract(i.value, '$.dish_name'))${scoped ? ' AND d.restaurant_name = :restaurant' : ''})`,
        expect: 'none', error: 'One or more dishes in the set meal were not found in the catalog.',
      },
      {
        sql: `INSERT OR REPLACE INTO set_meals (${scoped ? 'restaurant_name, ' : ''}set_meal_name, set_meal_price, set_meal_discount, included_dishes) VALUES (${scoped ? ':restaurant, ' : ''}unicode_lower(:set_meal_name), :set_meal_price, :set_meal_discount, :included_dishes)`,
      },
    ], "Set meal '{set_meal_name}' created.")),
    get_set_meal_details: inStore(lookupByName({
      table: 'set_meals', nameColumn: 'set_meal_name', param: 'set_meal_name', match: 'fuzzy',
      columns: ['included_dishes', 'set_meal_price', 'set_meal_discount'], listKey: 'set_meals',
      notFound: "Set meal '{set_meal_name}' not found.", where: scoped ? inRestaurant() : undefined,
    })),
    add_set_meal_to_order: addLine('set_meal_name', 'set_meals', 'set_meal_name', "Set meal '{set_meal_name}' does not exist.", 'Added {quantity} x {set_meal_name} set meal to order for user {user_id}.'),
    // (No recorded result of a set meal removed past its quantity: the same message.)
    remove_set_meal_from_order: removeLine('set_meal_name', 'Set meal',
      "'Removed ' || :quantity || ' x ' || :set_meal_name || ' set meal from order for user ' || :user_id || '.'"),
    find_set_meals_containing_dish: inStore(listColumn(
      `SELECT set_meal_name FROM set_meals AS m WHERE ${scoped ? `${inRestaurant('m.')} AND ` : ''}EXISTS (SELECT 1 FROM json_each(m.included_dishes) AS d WHERE ${fuzzyMatch("json_extract(d.value, '$.dish_name')", 'dish_name')}) ORDER BY rowid`,
      'set_meal_names', 'set_meal_name',
    )),
  };

  const matchRules: ScenarioFamily['matchRules'] = { dish_name: { entity: 'dishes.dish_name' } };
  if (scoped) matchRules.restaurant_name = { entity: 'restaurants.restaurant_name' };
  const catalogueTools = ['add_dish_to_catalog', 'remove_dish_from_catalog', 'update_dish_price', 'update_dish_discount'];
  const nameParam = { name: { type: 'string', description: 'The dish name (the implementation takes `name`; `dish_name` is dropped).' } };
  return {
    name, schemaSql, dataSql, stateTables: ['dish_state', 'set_meal_state', 'order_state'], behaviours, matchRules, queryTools: DINING_QUERIES,
    ignoredParams: Object.fromEntries(catalogueTools.map((t) => [t, ['dish_name']])),
    extraParams: Object.fromEntries(catalogueTools.map((t) => [t, nameParam])),
  };
}

export const restaurant = buildDining('restaurant', false);
export const order: ScenarioFamily = {
  ...buildDining('order', true),
  officialRestaurants: { 1: 'Annie Italian Restaurant', 2: 'Mediterranean Greek Restaurant' },
};
