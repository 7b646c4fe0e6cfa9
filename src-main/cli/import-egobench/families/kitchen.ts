// Kitchen: ingredients in stock, recipes, each user's daily menu and shopping list. Names keep
// their case; every look-up compares whole names ignoring case (egobench/README.md).
import { insertRows } from '../sql-literal';
import { casefoldMatch, jsonArrayHas, listColumn, listRows, lookupByName, write } from './dsl';
import { addLineItemSteps, deleteItemSteps, totalAfterAdd } from './line-items';
import { NUTRIENTS } from './totals';
import type { ScenarioFamily, ToolBehaviour } from './types';

type Obj = Record<string, unknown>;
const objects = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter((x): x is Obj => typeof x === 'object' && x !== null) : []);

const SCHEMA = `CREATE TABLE ingredients (ingredient_name TEXT PRIMARY KEY, quantity NUMERIC, expiry_date TEXT, storage_location TEXT, category TEXT, nutrition TEXT);
CREATE TABLE recipes (recipe_name TEXT PRIMARY KEY, ingredients TEXT, steps TEXT, allergens TEXT, taste TEXT, nutritional_characteristics TEXT, nutrition TEXT);
CREATE TABLE menus (user_id TEXT NOT NULL, recipe_name TEXT NOT NULL, UNIQUE (user_id, recipe_name));
CREATE TABLE shopping_lists (user_id TEXT NOT NULL, ingredient_name TEXT NOT NULL, quantity NUMERIC NOT NULL, UNIQUE (user_id, ingredient_name));
`;

function dataSql(seed: Obj): string {
  return [
    insertRows('ingredients', ['ingredient_name', 'quantity', 'expiry_date', 'storage_location', 'category', 'nutrition'],
      objects(seed.ingredients).map((i) => [i.name, i.quantity, i.expiry_date, i.storage_location, i.category, i.nutrition ?? null])),
    insertRows('recipes', ['recipe_name', 'ingredients', 'steps', 'allergens', 'taste', 'nutritional_characteristics', 'nutrition'],
      objects(seed.recipes).map((r) => [r.name, r.ingredients ?? [], r.steps ?? [], r.allergens ?? [], r.taste ?? [], r.nutritional_characteristics ?? [], r.nutrition ?? null])),
    insertRows('menus', ['user_id', 'recipe_name'],
      objects(seed.user_menus).flatMap((m) => (Array.isArray(m.recipes) ? m.recipes : []).map((name) => [m.user_id, name]))),
    insertRows('shopping_lists', ['user_id', 'ingredient_name', 'quantity'],
      objects(seed.user_shopping_lists).flatMap((l) => objects(l.items).map((i) => [l.user_id, i.ingredient_name, i.quantity]))),
  ].filter(Boolean).join('\n') + '\n';
}

/** The catalogue's spelling of a name given in any case, else the name as given. */
const canonical = (table: string, column: string, param: string): string =>
  `coalesce((SELECT ${column} FROM ${table} WHERE ${casefoldMatch(column, param)} LIMIT 1), :${param})`;

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

const shoppingItem = { table: 'shopping_lists', keys: [['user_id', ':user_id'], ['ingredient_name', canonical('ingredients', 'ingredient_name', 'ingredient_name')]] as Array<[string, string]>, quantityColumn: 'quantity', quantityParam: 'quantity' };

const behaviours: Record<string, ToolBehaviour> = {
  add_recipe_to_menu: write([
    { sql: `SELECT recipe_name FROM recipes WHERE ${casefoldMatch('recipe_name', 'recipe_name')}`, expect: 'one', error: "Recipe '{recipe_name}' not found.", bind: true },
    { sql: 'SELECT 1 FROM menus WHERE user_id = :user_id AND recipe_name = :recipe_name', expect: 'none', error: "Recipe '{recipe_name}' is already in the menu." },
    { sql: 'INSERT INTO menus (user_id, recipe_name) VALUES (:user_id, :recipe_name)' },
  ], "Recipe '{recipe_name}' added to the menu of user '{user_id}'."),
  remove_recipe_from_menu: write(
    deleteItemSteps('menus', `user_id = :user_id AND ${casefoldMatch('recipe_name', 'recipe_name')}`, "Recipe '{recipe_name}' is not in the menu of user '{user_id}'."),
    "Recipe '{recipe_name}' removed from the menu of user '{user_id}'.",
  ),
  get_current_menu: listColumn('SELECT recipe_name FROM menus WHERE user_id = :user_id ORDER BY rowid', 'recipes', 'recipe_name', { user_id: '$param.user_id' }),
  tally_total_nutritional_characteristics: tally('nutritional_characteristics', 'characteristic'),
  tally_total_tastes: tally('taste', 'taste'),
  add_to_shopping_list: write(addLineItemSteps({
    ...shoppingItem,
    newMessage: ['Added ', { sql: ':quantity' }, " of '", { sql: ':ingredient_name' }, "' to the shopping list of user '", { sql: ':user_id' }, "'."],
    moreMessage: ['Added ', { sql: ':quantity' }, " more of '", { sql: ':ingredient_name' }, "' to the shopping list of user '", { sql: ':user_id' }, "'. Total quantity: ", { sql: totalAfterAdd(shoppingItem) }],
  }), '{message}'),
  remove_from_shopping_list: write(
    deleteItemSteps('shopping_lists', `user_id = :user_id AND ${casefoldMatch('ingredient_name', 'ingredient_name')}`, "Ingredient '{ingredient_name}' is not in the shopping list of user '{user_id}'."),
    "Ingredient '{ingredient_name}' removed from the shopping list of user '{user_id}'.",
  ),
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
  stateTables: ['menus', 'shopping_lists'],
  behaviours,
  matchRules: { ingredient_name: 'casefold', recipe_name: 'casefold', recipes: 'casefold' },
};
