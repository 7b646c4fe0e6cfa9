// Kitchen: ingredients in stock, recipes, each user's daily menu and shopping list. Names keep
// their case; every look-up compares whole names ignoring case (egobench/README.md).
import { insertRows, lowerText, seedObjects } from '../sql-literal';
import { guard, jsonArrayHas, listColumn, listRows, lookupByName, pyAdd, pyFloat, write } from './dsl';
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

function dataSql(seed: Obj): string {
  const lists = seedObjects(seed.user_shopping_lists);
  return [
    insertRows('ingredients', ['ingredient_name', 'quantity', 'expiry_date', 'storage_location', 'category', 'nutrition'],
      seedObjects(seed.ingredients).map((i) => [i.name, i.quantity, i.expiry_date, i.storage_location, i.category, i.nutrition ?? null])),
    insertRows('recipes', ['recipe_name', 'ingredients', 'steps', 'allergens', 'taste', 'nutritional_characteristics', 'nutrition'],
      seedObjects(seed.recipes).map((r) => [r.name, r.ingredients ?? [], r.steps ?? [], r.allergens ?? [], r.taste ?? [], r.nutritional_characteristics ?? [], r.nutrition ?? null])),
    // The release lower-cases menu entries and shopping-list keys on load.
    insertRows('menus', ['user_id', 'recipes'],
      seedObjects(seed.user_menus).map((m) => [m.user_id, (Array.isArray(m.recipes) ? m.recipes : []).map(lowerText)])),
    insertRows('shopping_list_owners', ['user_id'], lists.map((l) => [l.user_id])),
    insertRows('shopping_lists', ['user_id', 'ingredient_name', 'quantity'],
      lists.flatMap((l) => seedObjects(l.items).map((i) => [l.user_id, lowerText(i.ingredient_name), i.quantity]))),
  ].filter(Boolean).join('\n') + '\n';
}

const recipeField = (columns: string[]): ToolBehaviour =>
  lookupByName({ table: 'recipes', nameColumn: 'recipe_name', param: 'recipe_name', match: 'casefold', columns, listKey: 'recipes', notFound: "Recipe '{recipe_name}' not found." });
const ingredientField = (columns: string[]): ToolBehaviour =>
  lookupByName({ table: 'ingredients', nameColumn: 'ingredient_name', param: 'ingredient_name', match: 'casefold', columns, listKey: 'ingredients', notFound: "Ingredient '{ingredient_name}' not found." });

const recipeNames = (where: string): ToolBehaviour => listColumn(`SELECT recipe_name FROM recipes WHERE ${where} ORDER BY rowid`, 'recipe_names', 'recipe_name');
const ingredientNames = (where: string): ToolBehaviour =>
  listColumn(`SELECT ingredient_name FROM ingredients WHERE ${where} ORDER BY rowid`, 'ingredient_names', 'ingredient_name');

/** Counts of a JSON-array column over the recipes named in `:recipes`. */
const tally = (column: string, key: string): ToolBehaviour =>
  listRows(
    `SELECT t.value AS ${key}, count(*) AS count FROM json_each(:recipes) AS n JOIN recipes AS r ON lower(r.recipe_name) = lower(n.value), json_each(r.${column}) AS t GROUP BY t.value ORDER BY count DESC, t.value`,
    'tally',
    { user_id: '$param.user_id' },
  );


/** The recipe named by `:recipe_name` (lower-cased, exact) is in the user's menu. */
const inMenu = 'EXISTS (SELECT 1 FROM json_each(menus.recipes) WHERE value = unicode_lower(:recipe_name))';

const behaviours: Record<string, ToolBehaviour> = {
  // The release keys menus by the lower-cased name, appends at the end, and takes a repeat as a success.
  add_recipe_to_menu: write([
    { sql: 'SELECT 1 FROM recipes WHERE unicode_lower(recipe_name) = unicode_lower(:recipe_name)', expect: 'one', error: "Recipe '{recipe_name}' not found." },
    { sql: "INSERT INTO menus (user_id, recipes) VALUES (:user_id, '[]') ON CONFLICT (user_id) DO NOTHING" },
    { sql: `UPDATE menus SET recipes = json_insert(recipes, '$[#]', unicode_lower(:recipe_name)) WHERE user_id = :user_id AND NOT ${inMenu}` },
  ], "Recipe '{recipe_name}' added to the menu of user '{user_id}'."),
  // Removes the first occurrence; an emptied menu stays as [].
  remove_recipe_from_menu: write([
    { sql: `SELECT 1 FROM menus WHERE user_id = :user_id AND ${inMenu}`, expect: 'one', error: "Recipe '{recipe_name}' is not in the menu of user '{user_id}'." },
    {
      sql: 'UPDATE menus SET recipes = (SELECT json_group_array(r.value) FROM (SELECT value FROM json_each(menus.recipes) WHERE key <> ' +
        '(SELECT min(key) FROM json_each(menus.recipes) WHERE value = unicode_lower(:recipe_name)) ORDER BY key) AS r) WHERE user_id = :user_id',
    },
  ], "Recipe '{recipe_name}' removed from the menu of user '{user_id}'."),
  get_current_menu: listColumn('SELECT r.value AS recipe_name FROM menus, json_each(menus.recipes) AS r WHERE menus.user_id = :user_id ORDER BY r.key', 'recipes', 'recipe_name', { user_id: '$param.user_id' }),
  tally_total_nutritional_characteristics: tally('nutritional_characteristics', 'characteristic'),
  tally_total_tastes: tally('taste', 'taste'),
  // Any ingredient name is accepted (lower-cased, untrimmed); a string quantity goes through
  // float(), an int stays an int; the user's list is created and accumulates.
  add_to_shopping_list: write([
    // The converted amount stays in SQL: a REAL read back into JavaScript and bound again would be an integer.
    { sql: `SELECT 1 WHERE (${pyFloat('quantity')}) IS NOT NULL`, expect: 'one', error: "Invalid quantity '{quantity}': could not convert string to float." },
    guard(`(${pyFloat('quantity')}) > 0`, 'Quantity must be greater than 0.'),
    { sql: 'INSERT INTO shopping_list_owners (user_id) VALUES (:user_id) ON CONFLICT (user_id) DO NOTHING' },
    {
      sql: `INSERT INTO shopping_lists (user_id, ingredient_name, quantity) VALUES (:user_id, unicode_lower(:ingredient_name), ${pyFloat('quantity')}) ` +
        `ON CONFLICT (user_id, ingredient_name) DO UPDATE SET quantity = ${pyAdd('quantity', 'excluded.quantity')}`,
    },
  ], "Added {quantity} of '{ingredient_name}' to the shopping list of user '{user_id}'."),
  // The line goes; the user's (possibly empty) list stays.
  remove_from_shopping_list: write([
    { sql: 'SELECT 1 FROM shopping_lists WHERE user_id = :user_id AND ingredient_name = unicode_lower(:ingredient_name)', expect: 'one', error: "Ingredient '{ingredient_name}' is not in the shopping list of user '{user_id}'." },
    { sql: 'DELETE FROM shopping_lists WHERE user_id = :user_id AND ingredient_name = unicode_lower(:ingredient_name)' },
  ], "Ingredient '{ingredient_name}' removed from the shopping list of user '{user_id}'."),
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
  get_cooking_steps: recipeField(['steps']),
  get_recipe_allergens: recipeField(['allergens']),
  get_recipe_taste: recipeField(['taste']),
  get_recipe_ingredients: recipeField(['ingredients']),
  get_recipe_nutritional_characteristics: recipeField(['nutritional_characteristics']),
  find_recipes_by_allergen: recipeNames(jsonArrayHas('allergens', 'allergen')),
  find_recipes_by_taste: recipeNames(jsonArrayHas('taste', 'taste')),
  find_recipes_by_nutritional_characteristics: recipeNames(jsonArrayHas('nutritional_characteristics', 'characteristic')),
  find_recipes_by_ingredient: recipeNames(`EXISTS (SELECT 1 FROM json_each(recipes.ingredients) AS g WHERE lower(json_extract(g.value, '$.ingredient_name')) = lower(:ingredient_name))`),
  get_ingredient_shelf_life: ingredientField(['expiry_date']),
  get_ingredient_location: ingredientField(['storage_location']),
  get_ingredient_nutrition: ingredientField(['nutrition']),
  get_ingredient_quantity: ingredientField(['quantity']),
  find_ingredient_category: ingredientField(['category']),
  find_ingredients_by_expiry_date: ingredientNames('expiry_date > :date'),
  find_ingredients_by_location: ingredientNames('lower(storage_location) = lower(:location)'),
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
