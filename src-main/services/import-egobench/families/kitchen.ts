// Kitchen: ingredients in stock, recipes, each user's daily menu and shopping list. Names keep
// their case; every look-up compares whole names ignoring case (egobench/README.md).
import { insertRows, lowerText, seedObjects } from '../sql-literal';
import { casefoldMatch, guard, jsonArrayHas, listColumn, listRows, pyAdd, pyFloat, pyStr, write } from './dsl';
import { NUTRIENTS } from './totals';
import type { ScenarioFamily, ToolBehaviour } from './types';

type Obj = Record<string, unknown>;

// Menus are ordered lists (hashed as such); a shopping list's user stays when emptied; quantities
// keep their type (the release converts a string quantity to float and keeps an int as int, and
// the hash tells 2 from 2.0). Key columns are untyped so a value keeps its type there too.
const SCHEMA = `CREATE TABLE ingredients (ingredient_name TEXT PRIMARY KEY, quantity NUMERIC, expiry_date TEXT, storage_location TEXT, category TEXT, nutrition TEXT);
CREATE TABLE recipes (recipe_name TEXT PRIMARY KEY, ingredients TEXT, steps TEXT, allergens TEXT, taste TEXT, nutritional_characteristics TEXT, nutrition TEXT);
CREATE TABLE menus (user_id PRIMARY KEY, recipes TEXT NOT NULL);
CREATE TABLE shopping_list_owners (user_id PRIMARY KEY);
CREATE TABLE shopping_lists (user_id NOT NULL, ingredient_name NOT NULL, quantity, PRIMARY KEY (user_id, ingredient_name));
CREATE VIEW menu_state AS SELECT user_id, json(recipes) AS recipes FROM menus;
CREATE VIEW shopping_list_state AS
  SELECT o.user_id, l.ingredient_name, json_quote(l.quantity) AS quantity
  FROM shopping_list_owners AS o LEFT JOIN shopping_lists AS l ON l.user_id = o.user_id;
`;

/**
 * A column the getters return as a value (`$json`): always JSON text, so that a seed giving steps or
 * nutrition as a plain string or a number answers with it rather than failing the call.
 */
const jsonText = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

function dataSql(seed: Obj): string {
  const lists = seedObjects(seed.user_shopping_lists);
  return [
    insertRows('ingredients', ['ingredient_name', 'quantity', 'expiry_date', 'storage_location', 'category', 'nutrition'],
      seedObjects(seed.ingredients).map((i) => [i.name, i.quantity, i.expiry_date, i.storage_location, i.category, jsonText(i.nutrition)])),
    insertRows('recipes', ['recipe_name', 'ingredients', 'steps', 'allergens', 'taste', 'nutritional_characteristics', 'nutrition'],
      seedObjects(seed.recipes).map((r) => [r.name, r.ingredients ?? [], jsonText(r.steps ?? []), r.allergens ?? [], r.taste ?? [], r.nutritional_characteristics ?? [], jsonText(r.nutrition)])),
    // The release lower-cases menu entries and shopping-list keys on load.
    insertRows('menus', ['user_id', 'recipes'],
      seedObjects(seed.user_menus).map((m) => [m.user_id, (Array.isArray(m.recipes) ? m.recipes : []).map(lowerText)])),
    insertRows('shopping_list_owners', ['user_id'], lists.map((l) => [l.user_id])),
    insertRows('shopping_lists', ['user_id', 'ingredient_name', 'quantity'],
      lists.flatMap((l) => seedObjects(l.items).map((i) => [l.user_id, lowerText(i.ingredient_name), i.quantity]))),
  ].filter(Boolean).join('\n') + '\n';
}

// Results as the release's kitchen_db.py words them (its recorded results in the release's result
// files): a getter answers with the name as asked and the one field of the entry found; names in
// lists are the lower-cased names the release keys its entries by.

/** `{recipe_name: <as asked>, <key>: <value>}` of the recipe named (whole name, ignoring case). */
const recipeGet = (key: string, value: string, json: boolean): ToolBehaviour => ({
  effect: 'read',
  steps: [{ as: 'r', sql: `SELECT ${value} AS value FROM recipes WHERE ${casefoldMatch('recipe_name', 'recipe_name')} ORDER BY rowid LIMIT 1`, expect: 'some', error: "Recipe '{recipe_name}' not found." }],
  returns: { recipe_name: '$param.recipe_name', [key]: json ? '$json.r.value' : '$value.r.value' },
});
/** `{ingredient_name: <as asked>, <key>: <value>}` of the ingredient named. */
const ingredientGet = (key: string, value: string, json = false): ToolBehaviour => ({
  effect: 'read',
  steps: [{ as: 'r', sql: `SELECT ${value} AS value FROM ingredients WHERE ${casefoldMatch('ingredient_name', 'ingredient_name')} ORDER BY rowid LIMIT 1`, expect: 'some', error: "Ingredient '{ingredient_name}' not found." }],
  returns: { ingredient_name: '$param.ingredient_name', [key]: json ? '$json.r.value' : '$value.r.value' },
});
/** A JSON-array column of a recipe with its entries lower-cased (the release lower-cases tags on load). */
const lowerTags = (column: string): string => `(SELECT json_group_array(unicode_lower(t.value)) FROM json_each(recipes.${column}) AS t)`;

// No recorded result shows these finders' and name lists' shape: they keep the studio's.
const recipeNames = (where: string): ToolBehaviour => listColumn(`SELECT recipe_name FROM recipes WHERE ${where} ORDER BY rowid`, 'recipe_names', 'recipe_name');
const ingredientNames = (where: string): ToolBehaviour =>
  listColumn(`SELECT ingredient_name FROM ingredients WHERE ${where} ORDER BY rowid`, 'ingredient_names', 'ingredient_name');

/**
 * The distinct entries of a JSON-array column over the recipes named in `:recipes`, sorted (the
 * release's "tally" is `sorted(set(...))`), beside the user and the recipes as asked.
 */
const tally = (column: string, key: string): ToolBehaviour =>
  listColumn(
    `SELECT DISTINCT unicode_lower(t.value) AS tag FROM json_each(:recipes) AS n JOIN recipes AS r ON lower(r.recipe_name) = lower(n.value), json_each(r.${column}) AS t ORDER BY 1`,
    key,
    'tag',
    { user_id: '$param.user_id', recipes: '$param.recipes' },
  );

/** The user's menu after a change, for the release's `menu` beside its message. */
const menuAfter = { as: 'm', sql: "SELECT coalesce((SELECT recipes FROM menus WHERE user_id = :user_id), '[]') AS recipes" };

/** The recipe named by `:recipe_name` (lower-cased, exact) is in the user's menu. */
const inMenu = 'EXISTS (SELECT 1 FROM json_each(menus.recipes) WHERE value = unicode_lower(:recipe_name))';

const behaviours: Record<string, ToolBehaviour> = {
  // The release keys menus by the lower-cased name, appends at the end, and takes a repeat as a
  // success ("already in menu"); it answers with the menu.
  add_recipe_to_menu: {
    effect: 'write',
    steps: [
      { sql: 'SELECT 1 FROM recipes WHERE unicode_lower(recipe_name) = unicode_lower(:recipe_name)', expect: 'one', error: "Recipe '{recipe_name}' not found." },
      { sql: "INSERT INTO menus (user_id, recipes) VALUES (:user_id, '[]') ON CONFLICT (user_id) DO NOTHING" },
      { sql: `SELECT CASE WHEN ${inMenu} THEN 'already in menu' ELSE 'added to menu' END AS outcome FROM menus WHERE user_id = :user_id`, bind: true },
      { sql: `UPDATE menus SET recipes = json_insert(recipes, '$[#]', unicode_lower(:recipe_name)) WHERE user_id = :user_id AND NOT ${inMenu}` },
      menuAfter,
    ],
    returns: { status: 'success', message: "Recipe '{recipe_name}' {outcome}.", menu: '$json.m.recipes' },
  },
  // Removes the first occurrence; an emptied menu stays as []. (The release's refusal carries the
  // menu too; a failed call here is status and message only: see recorded-results.test.ts.)
  remove_recipe_from_menu: {
    effect: 'write',
    steps: [
      { sql: `SELECT 1 FROM menus WHERE user_id = :user_id AND ${inMenu}`, expect: 'one', error: "Recipe '{recipe_name}' not found in menu." },
      {
        sql: 'UPDATE menus SET recipes = (SELECT json_group_array(r.value) FROM (SELECT value FROM json_each(menus.recipes) WHERE key <> ' +
          '(SELECT min(key) FROM json_each(menus.recipes) WHERE value = unicode_lower(:recipe_name)) ORDER BY key) AS r) WHERE user_id = :user_id',
      },
      menuAfter,
    ],
    returns: { status: 'success', message: "Recipe '{recipe_name}' removed from menu.", menu: '$json.m.recipes' },
  },
  get_current_menu: listColumn('SELECT r.value AS recipe_name FROM menus, json_each(menus.recipes) AS r WHERE menus.user_id = :user_id ORDER BY r.key', 'recipes', 'recipe_name', { user_id: '$param.user_id' }),
  tally_total_nutritional_characteristics: tally('nutritional_characteristics', 'nutritional_characteristics'),
  tally_total_tastes: tally('taste', 'tastes'),
  // Any ingredient name is accepted (lower-cased, untrimmed); a string quantity goes through
  // float(), an int stays an int; the user's list is created and accumulates.
  add_to_shopping_list: write([
    // The converted amount stays in SQL: a REAL read back into JavaScript and bound again would be an integer.
    { sql: `SELECT 1 WHERE (${pyFloat('quantity')}) IS NOT NULL`, expect: 'one', error: "Invalid quantity '{quantity}': could not convert string to float." },
    guard(`(${pyFloat('quantity')}) > 0`, 'Quantity must be greater than 0.'),
    { sql: `SELECT ${pyStr(`(${pyFloat('quantity')})`)} AS added`, bind: true },
    { sql: 'INSERT INTO shopping_list_owners (user_id) VALUES (:user_id) ON CONFLICT (user_id) DO NOTHING' },
    {
      sql: `INSERT INTO shopping_lists (user_id, ingredient_name, quantity) VALUES (:user_id, unicode_lower(:ingredient_name), ${pyFloat('quantity')}) ` +
        `ON CONFLICT (user_id, ingredient_name) DO UPDATE SET quantity = ${pyAdd('quantity', 'excluded.quantity')}`,
    },
  ], 'Added {added} x {ingredient_name} to shopping list.'),
  // The line goes; the user's (possibly empty) list stays.
  remove_from_shopping_list: write([
    { sql: 'SELECT 1 FROM shopping_lists WHERE user_id = :user_id AND ingredient_name = unicode_lower(:ingredient_name)', expect: 'one', error: "'{ingredient_name}' not found in shopping list." },
    { sql: 'DELETE FROM shopping_lists WHERE user_id = :user_id AND ingredient_name = unicode_lower(:ingredient_name)' },
  ], "Removed '{ingredient_name}' from shopping list."),
  compute_total_nutritions: {
    effect: 'read',
    steps: [{
      as: 'sum',
      // Nutrition is per 100 g and quantities are in units of 100 g (the release's tool description).
      sql: `SELECT ${NUTRIENTS.filter((n) => n !== 'serving_size_g').map((n) => `round(coalesce(sum(json_extract(i.nutrition, '$.${n}') * json_extract(x.value, '$.quantity')), 0), 2) AS ${n}`).join(', ')} ` +
        "FROM json_each(:ingredients) AS x JOIN ingredients AS i ON lower(i.ingredient_name) = lower(json_extract(x.value, '$.ingredient_name'))",
    }],
    returns: { user_id: '$param.user_id', total_nutrition: '$first.sum' },
  },
  get_cooking_steps: recipeGet('steps', 'steps', true),
  // No recorded result of these two: shaped as their recorded siblings.
  get_recipe_allergens: recipeGet('allergens', lowerTags('allergens'), true),
  get_recipe_taste: recipeGet('taste', lowerTags('taste'), true),
  get_recipe_ingredients: recipeGet('ingredients',
    "(SELECT json_group_array(json_object('ingredient_name', unicode_lower(json_extract(g.value, '$.ingredient_name')), 'quantity', json_extract(g.value, '$.quantity'))) FROM json_each(recipes.ingredients) AS g)", true),
  get_recipe_nutritional_characteristics: recipeGet('nutritional_characteristics', lowerTags('nutritional_characteristics'), true),
  find_recipes_by_allergen: recipeNames(jsonArrayHas('allergens', 'allergen')),
  find_recipes_by_taste: recipeNames(jsonArrayHas('taste', 'taste')),
  find_recipes_by_nutritional_characteristics: recipeNames(jsonArrayHas('nutritional_characteristics', 'characteristic')),
  find_recipes_by_ingredient: listColumn(
    `SELECT unicode_lower(recipe_name) AS recipe_name FROM recipes WHERE EXISTS (SELECT 1 FROM json_each(recipes.ingredients) AS g WHERE lower(json_extract(g.value, '$.ingredient_name')) = lower(:ingredient_name)) ORDER BY rowid`,
    'recipes', 'recipe_name', { ingredient_name: '$param.ingredient_name' },
  ),
  get_ingredient_shelf_life: ingredientGet('expiry_date', 'expiry_date'),
  get_ingredient_location: ingredientGet('storage_location', 'storage_location'),
  get_ingredient_nutrition: ingredientGet('nutrition', 'nutrition', true),
  get_ingredient_quantity: ingredientGet('quantity', 'quantity'),
  find_ingredient_category: ingredientGet('category', 'category'),
  find_ingredients_by_expiry_date: ingredientNames('expiry_date > :date'),
  find_ingredients_by_location: listColumn(
    'SELECT unicode_lower(ingredient_name) AS ingredient_name FROM ingredients WHERE lower(storage_location) = lower(:location) ORDER BY rowid',
    'ingredients', 'ingredient_name', { location: '$param.location' },
  ),
  get_ingredients_by_category: ingredientNames('lower(category) = lower(:category)'),
  get_all_recipe_names: recipeNames('1'),
  get_all_ingredient_names: ingredientNames('1'),
  get_current_shopping_list: listRows('SELECT ingredient_name, quantity FROM shopping_lists WHERE user_id = :user_id ORDER BY rowid', 'items', { user_id: '$param.user_id' }),
};

export const kitchen: ScenarioFamily = {
  name: 'kitchen',
  schemaSql: SCHEMA,
  dataSql,
  stateTables: ['menu_state', 'shopping_list_state'],
  behaviours,
  // The official analysis: every kitchen read tool is a query.
  queryTools: Object.keys(behaviours).filter((name) => behaviours[name].effect === 'read'),
  matchRules: { ingredient_name: 'casefold', recipe_name: 'casefold', recipes: 'casefold' },
};
