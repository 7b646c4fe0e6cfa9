// Kitchen: a home kitchen (fridge shelf, counter, pantry). Visible: name, colour, shape, where it
// sits. Hidden: stock, expiry, nutrition per 100 g, allergens, origin, recipes.
import type { ToolDef } from '../../../../shared/format/types';
import { Rng, round2 } from '../prng';
import { call, fuzzy, int, params, readTool, str, type Cell, type ScenarioSpec } from '../model';

type I = [name: string, category: string, colour: string, shape: string, storage: string, allergens: string];
const INGREDIENTS: I[] = [
  ['Broccoli Crown', 'vegetable', 'green', 'round', 'fridge', 'none'],
  ['Baby Spinach', 'vegetable', 'green', 'bag', 'fridge', 'none'],
  ['Carrot Bunch', 'vegetable', 'orange', 'bag', 'fridge', 'none'],
  ['Red Bell Pepper', 'vegetable', 'red', 'round', 'fridge', 'none'],
  ['Green Bell Pepper', 'vegetable', 'green', 'round', 'fridge', 'none'],
  ['Cherry Tomatoes', 'vegetable', 'red', 'box', 'counter', 'none'],
  ['Yellow Onion', 'vegetable', 'yellow', 'round', 'pantry', 'none'],
  ['Garlic Bulb', 'vegetable', 'white', 'round', 'pantry', 'none'],
  ['Ginger Root', 'vegetable', 'brown', 'flat', 'pantry', 'none'],
  ['Button Mushrooms', 'vegetable', 'white', 'box', 'fridge', 'none'],
  ['Zucchini', 'vegetable', 'green', 'tall', 'fridge', 'none'],
  ['Eggplant', 'vegetable', 'purple', 'round', 'counter', 'none'],
  ['Sweet Corn', 'vegetable', 'yellow', 'tall', 'fridge', 'none'],
  ['Russet Potatoes', 'vegetable', 'brown', 'bag', 'pantry', 'none'],
  ['Fresh Lemons', 'fruit', 'yellow', 'round', 'counter', 'none'],
  ['Ripe Bananas', 'fruit', 'yellow', 'bag', 'counter', 'none'],
  ['Green Apples', 'fruit', 'green', 'round', 'counter', 'none'],
  ['Blueberries', 'fruit', 'blue', 'box', 'fridge', 'none'],
  ['Free Range Eggs', 'protein', 'cream', 'carton', 'fridge', 'eggs'],
  ['Chicken Thighs', 'protein', 'pink', 'box', 'fridge', 'none'],
  ['Firm Tofu', 'protein', 'white', 'box', 'fridge', 'soy'],
  ['Salmon Fillet', 'protein', 'pink', 'flat', 'fridge', 'fish'],
  ['Ground Beef', 'protein', 'red', 'box', 'fridge', 'none'],
  ['Unsalted Butter', 'dairy', 'yellow', 'box', 'fridge', 'milk'],
  ['Parmesan Wedge', 'dairy', 'yellow', 'flat', 'fridge', 'milk'],
  ['Plain Yogurt', 'dairy', 'white', 'jar', 'fridge', 'milk'],
  ['Heavy Cream', 'dairy', 'white', 'carton', 'fridge', 'milk'],
  ['Arborio Rice', 'grain', 'white', 'bag', 'pantry', 'none'],
  ['Spaghetti Pasta', 'grain', 'yellow', 'box', 'pantry', 'gluten'],
  ['Rolled Oats', 'grain', 'brown', 'bag', 'pantry', 'gluten'],
  ['Plain Flour', 'grain', 'white', 'bag', 'pantry', 'gluten'],
  ['Canned Chickpeas', 'legume', 'yellow', 'can', 'pantry', 'none'],
  ['Soy Sauce', 'condiment', 'black', 'bottle', 'pantry', 'soy, gluten'],
  ['Cold Pressed Olive Oil', 'condiment', 'green', 'bottle', 'pantry', 'none'],
  ['Sesame Oil', 'condiment', 'brown', 'bottle', 'pantry', 'sesame'],
  ['Wildflower Honey', 'condiment', 'gold', 'jar', 'pantry', 'none'],
  ['Crunchy Peanut Butter', 'condiment', 'brown', 'jar', 'pantry', 'peanuts'],
  ['Coconut Milk', 'condiment', 'white', 'can', 'pantry', 'none'],
  ['Vegetable Stock', 'condiment', 'orange', 'carton', 'pantry', 'celery'],
  ['Chili Flakes', 'spice', 'red', 'jar', 'pantry', 'none'],
  ['Sea Salt', 'spice', 'white', 'jar', 'pantry', 'none'],
];
const KCAL: Record<string, [number, number]> = {
  vegetable: [15, 80], fruit: [30, 90], protein: [75, 210], dairy: [60, 720], grain: [330, 390], legume: [110, 160], condiment: [10, 880], spice: [0, 300],
};
const ORIGINS = ['Spain', 'Netherlands', 'Italy', 'Kenya', 'Peru', 'Local farm', 'Norway', 'Thailand'];
const SET: Record<string, Record<string, Cell>> = {
  'Firm Tofu': { expiry_date: '2026-05-12', quantity: 2 },
  'Blueberries': { expiry_date: '2026-05-06', quantity: 2 },
  'Ripe Bananas': { expiry_date: '2026-05-08', quantity: 5 },
  'Parmesan Wedge': { quantity: 1 },
  'Zucchini': { quantity: 0 },
  'Salmon Fillet': { quantity: 2, expiry_date: '2026-05-07' },
  'Fresh Lemons': { quantity: 4 },
  'Cold Pressed Olive Oil': { quantity: 1 },
  'Heavy Cream': { calories_per_100g: 340 },
  'Plain Yogurt': { calories_per_100g: 61 },
};

const RECIPES: [string, string, [string, number][]][] = [
  ['Vegetable Stir Fry', 'Chinese', [['Broccoli Crown', 150], ['Red Bell Pepper', 100], ['Firm Tofu', 200], ['Soy Sauce', 20], ['Garlic Bulb', 10], ['Ginger Root', 10]]],
  ['Mushroom Risotto', 'Italian', [['Unsalted Butter', 30], ['Yellow Onion', 80], ['Arborio Rice', 200], ['Vegetable Stock', 500], ['Button Mushrooms', 150], ['Parmesan Wedge', 40]]],
  ['Spinach Omelette', 'French', [['Free Range Eggs', 120], ['Baby Spinach', 60], ['Parmesan Wedge', 20], ['Unsalted Butter', 10]]],
  ['Banana Oat Pancakes', 'American', [['Ripe Bananas', 120], ['Rolled Oats', 80], ['Free Range Eggs', 100], ['Wildflower Honey', 20]]],
  ['Coconut Chickpea Curry', 'Indian', [['Canned Chickpeas', 240], ['Coconut Milk', 200], ['Yellow Onion', 80], ['Garlic Bulb', 10], ['Ginger Root', 10], ['Chili Flakes', 2]]],
  ['Salmon Lemon Bake', 'Nordic', [['Salmon Fillet', 250], ['Fresh Lemons', 60], ['Cold Pressed Olive Oil', 15], ['Zucchini', 150]]],
  ['Beef Bolognese', 'Italian', [['Ground Beef', 250], ['Spaghetti Pasta', 200], ['Cherry Tomatoes', 200], ['Yellow Onion', 80], ['Garlic Bulb', 10]]],
  ['Peanut Noodle Bowl', 'Thai', [['Spaghetti Pasta', 150], ['Crunchy Peanut Butter', 40], ['Soy Sauce', 15], ['Carrot Bunch', 80], ['Sesame Oil', 10]]],
];
const USERS = ['hana_kim_310', 'marco_silva_725', 'jules_moreau_046', 'priya_nair_884', 'sam_okafor_192', 'elin_berg_657'];
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

export function kitchen(): ScenarioSpec {
  const rng = new Rng('kitchen-ingredients');
  const ingredients: Record<string, Cell>[] = INGREDIENTS.map(([name, category, colour, shape, storage, allergens]) => {
    const [k0, k1] = KCAL[category];
    const row: Record<string, Cell> = {
      ingredient_name: name, category, colour, shape, storage,
      quantity: rng.int(1, 6), unit: ['protein', 'dairy'].includes(category) ? 'pack' : category === 'condiment' || category === 'spice' ? 'jar' : 'piece',
      expiry_date: `2026-${String(rng.int(5, 9)).padStart(2, '0')}-${String(rng.int(10, 28)).padStart(2, '0')}`,
      calories_per_100g: Math.round(k0 + rng.next() * (k1 - k0)),
      protein_g: round2(rng.next() * 20), fat_g: round2(rng.next() * 15), carbs_g: round2(rng.next() * 60),
      allergens, origin: rng.pick(ORIGINS),
    };
    return { ...row, ...(SET[name] ?? {}) };
  });
  const recipes = RECIPES.map(([recipe_name, cuisine, items]) => ({ recipe_name, cuisine, servings: 2, minutes: 15 + 5 * items.length }));
  const recipeItems = RECIPES.flatMap(([recipe_name, , items]) => items.map(([ingredient_name, grams]) => ({ recipe_name, ingredient_name, grams })));
  const mealPlan = [
    { user_id: 'priya_nair_884', day: 'wednesday', recipe_name: 'Peanut Noodle Bowl', servings: 4 },
    { user_id: 'hana_kim_310', day: 'monday', recipe_name: 'Spinach Omelette', servings: 1 },
    { user_id: 'marco_silva_725', day: 'sunday', recipe_name: 'Beef Bolognese', servings: 3 },
    { user_id: 'jules_moreau_046', day: 'tuesday', recipe_name: 'Coconut Chickpea Curry', servings: 2 },
  ];
  const shopping = [
    { user_id: 'sam_okafor_192', ingredient_name: 'Sea Salt', quantity: 1 },
    { user_id: 'elin_berg_657', ingredient_name: 'Rolled Oats', quantity: 1 },
    { user_id: 'marco_silva_725', ingredient_name: 'Plain Flour', quantity: 2 },
  ];
  const cookingLog = [{ user_id: 'hana_kim_310', recipe_name: 'Spinach Omelette', sequence: '["Unsalted Butter","Free Range Eggs","Baby Spinach","Parmesan Wedge"]' }];

  const ing = str('Ingredient name; a partial name matches every ingredient containing it.', { 'x-match': { entity: 'ingredients.ingredient_name' } });
  const rec = str('Recipe name.', { 'x-match': { entity: 'recipes.recipe_name' } });
  const uid = str('The user id.');
  const day = str('Day of the week.', { enum: DAYS });
  const userCheck = { sql: 'SELECT user_id FROM users WHERE user_id = :user_id', expect: 'one' as const, error: 'Unknown user {user_id}.' };
  const oneIng = { sql: `SELECT ingredient_name AS iname FROM ingredients WHERE ${fuzzy('ingredient_name', 'ingredient_name')}`, expect: 'one' as const, error: "'{ingredient_name}' does not name exactly one ingredient.", bind: true };
  const oneRec = { sql: `SELECT recipe_name AS rname FROM recipes WHERE ${fuzzy('recipe_name', 'recipe_name')}`, expect: 'one' as const, error: "'{recipe_name}' does not name exactly one recipe.", bind: true };
  const tools: ToolDef[] = [
    readTool('find_ingredients_by_name', 'Ingredients whose name contains the text.', params({ name: str('Part of a name.') }, ['name']),
      `SELECT ingredient_name, category, storage FROM ingredients WHERE ${fuzzy('ingredient_name', 'name')} ORDER BY ingredient_name`, { ingredients: '$rows.rows', count: '$count.rows' }),
    readTool('find_ingredients_by_storage', 'Ingredients kept in the fridge, on the counter or in the pantry.', params({ storage: str('Where.', { enum: ['fridge', 'counter', 'pantry'] }) }, ['storage']),
      'SELECT ingredient_name, quantity, unit FROM ingredients WHERE storage = :storage ORDER BY ingredient_name', { ingredients: '$rows.rows' }),
    readTool('find_ingredients_expiring_before', 'Ingredients whose expiry date is before a date (YYYY-MM-DD).', params({ date: str('A date, YYYY-MM-DD.') }, ['date']),
      'SELECT ingredient_name, expiry_date FROM ingredients WHERE expiry_date < :date ORDER BY expiry_date, ingredient_name', { ingredients: '$rows.rows', count: '$count.rows' }),
    readTool('find_ingredients_by_category', 'Ingredients of a category (vegetable, fruit, protein, dairy, grain, legume, condiment, spice).', params({ category: str('Category.') }, ['category']),
      'SELECT ingredient_name, quantity FROM ingredients WHERE lower(category) = lower(:category) ORDER BY ingredient_name', { ingredients: '$rows.rows' }),
    readTool('get_ingredient_details', 'Stock, unit, storage, expiry date and origin of the ingredients matching a name.', params({ ingredient_name: ing }, ['ingredient_name']),
      `SELECT ingredient_name, quantity, unit, storage, expiry_date, origin FROM ingredients WHERE ${fuzzy('ingredient_name', 'ingredient_name')} ORDER BY ingredient_name`, { ingredients: '$rows.rows' }),
    readTool('get_ingredient_nutrition', 'Nutrition per 100 g of the ingredients matching a name.', params({ ingredient_name: ing }, ['ingredient_name']),
      `SELECT ingredient_name, calories_per_100g, protein_g, fat_g, carbs_g FROM ingredients WHERE ${fuzzy('ingredient_name', 'ingredient_name')} ORDER BY ingredient_name`, { nutrition: '$rows.rows' }),
    readTool('get_ingredient_allergens', 'Allergens of the ingredients matching a name.', params({ ingredient_name: ing }, ['ingredient_name']),
      `SELECT ingredient_name, allergens FROM ingredients WHERE ${fuzzy('ingredient_name', 'ingredient_name')} ORDER BY ingredient_name`, { ingredients: '$rows.rows' }),
    readTool('find_recipes_using_ingredient', 'Recipes that use an ingredient.', params({ ingredient_name: ing }, ['ingredient_name']),
      `SELECT DISTINCT recipe_name FROM recipe_ingredients WHERE ${fuzzy('ingredient_name', 'ingredient_name')} ORDER BY recipe_name`, { recipes: '$column.rows.recipe_name' }),
    readTool('get_recipe_ingredients', 'Ingredients of a recipe with grams for two servings.', params({ recipe_name: rec }, ['recipe_name']),
      `SELECT recipe_name, ingredient_name, grams FROM recipe_ingredients WHERE ${fuzzy('recipe_name', 'recipe_name')} ORDER BY recipe_name, ingredient_name`, { ingredients: '$rows.rows' }),
    readTool('check_recipe_stock', 'For each ingredient of a recipe: grams needed and units in stock.', params({ recipe_name: rec }, ['recipe_name']),
      `SELECT r.ingredient_name, r.grams, i.quantity AS in_stock, i.unit FROM recipe_ingredients r JOIN ingredients i ON i.ingredient_name = r.ingredient_name WHERE ${fuzzy('r.recipe_name', 'recipe_name')} ORDER BY r.ingredient_name`, { stock: '$rows.rows' }),
    {
      name: 'add_recipe_to_meal_plan', description: "Plan a recipe on a day of a user's week.", effect: 'write',
      parameters: params({ user_id: uid, recipe_name: rec, day, servings: int('Servings.', { minimum: 1 }) }, ['user_id', 'recipe_name', 'day', 'servings']),
      steps: [userCheck, oneRec,
        { sql: 'SELECT 1 FROM meal_plan WHERE user_id = :user_id AND day = :day AND recipe_name = :rname', expect: 'none', error: '{rname} is already planned on {day}.' },
        { sql: 'INSERT INTO meal_plan (user_id, day, recipe_name, servings) VALUES (:user_id, :day, :rname, :servings)' }],
      returns: { status: 'success', message: 'Planned {rname} for {servings} on {day}.' },
    },
    {
      name: 'remove_recipe_from_meal_plan', description: "Take a recipe off a day of a user's meal plan.", effect: 'write',
      parameters: params({ user_id: uid, recipe_name: rec, day }, ['user_id', 'recipe_name', 'day']),
      steps: [{ sql: `SELECT recipe_name AS rname FROM meal_plan WHERE user_id = :user_id AND day = :day AND ${fuzzy('recipe_name', 'recipe_name')}`, expect: 'one', error: "'{recipe_name}' is not planned on {day}.", bind: true },
        { sql: 'DELETE FROM meal_plan WHERE user_id = :user_id AND day = :day AND recipe_name = :rname' }],
      returns: { status: 'success', message: 'Removed {rname} from {day}.' },
    },
    readTool('get_meal_plan', "A user's meal plan.", params({ user_id: uid }, ['user_id']),
      'SELECT day, recipe_name, servings FROM meal_plan WHERE user_id = :user_id ORDER BY day', { user_id: '$param.user_id', plan: '$rows.rows' }),
    {
      name: 'add_to_shopping_list', description: "Put units of an ingredient on a user's shopping list.", effect: 'write',
      parameters: params({ user_id: uid, ingredient_name: ing, quantity: int('Units.', { minimum: 1 }) }, ['user_id', 'ingredient_name', 'quantity']),
      steps: [userCheck, oneIng,
        { sql: 'INSERT INTO shopping_list (user_id, ingredient_name, quantity) VALUES (:user_id, :iname, :quantity) ON CONFLICT (user_id, ingredient_name) DO UPDATE SET quantity = quantity + excluded.quantity' }],
      returns: { status: 'success', message: 'Put {quantity} x {iname} on the shopping list.' },
    },
    readTool('get_shopping_list', "A user's shopping list.", params({ user_id: uid }, ['user_id']),
      'SELECT ingredient_name, quantity FROM shopping_list WHERE user_id = :user_id ORDER BY ingredient_name', { items: '$rows.rows' }),
    {
      name: 'use_ingredient', description: 'Take units of an ingredient out of stock (cooking or eating it).', effect: 'write',
      parameters: params({ ingredient_name: ing, quantity: int('Units used.', { minimum: 1 }) }, ['ingredient_name', 'quantity']),
      steps: [oneIng,
        { sql: 'SELECT quantity FROM ingredients WHERE ingredient_name = :iname AND quantity >= :quantity', expect: 'one', error: 'Not enough {iname} in stock.' },
        { sql: 'UPDATE ingredients SET quantity = quantity - :quantity WHERE ingredient_name = :iname' }],
      returns: { status: 'success', message: 'Used {quantity} of {iname}.' },
    },
    {
      name: 'compute_total_nutrition', description: 'Total nutrition of ingredient amounts in grams.', effect: 'read',
      parameters: params({ user_id: uid, ingredients: { type: 'array', description: 'Ingredients and grams.', items: params({ ingredient_name: ing, grams: { type: 'number', minimum: 0 } }, ['ingredient_name', 'grams']) } }, ['user_id', 'ingredients']),
      steps: [userCheck, { as: 't', sql: "SELECT round(sum(i.calories_per_100g * json_extract(j.value, '$.grams') / 100.0), 1) AS calories_kcal, round(sum(i.protein_g * json_extract(j.value, '$.grams') / 100.0), 1) AS protein_g, round(sum(i.fat_g * json_extract(j.value, '$.grams') / 100.0), 1) AS fat_g, round(sum(i.carbs_g * json_extract(j.value, '$.grams') / 100.0), 1) AS carbs_g FROM json_each(:ingredients) j JOIN ingredients i ON lower(i.ingredient_name) = lower(json_extract(j.value, '$.ingredient_name'))" }],
      returns: { user_id: '$param.user_id', total_nutrition: '$first.t' },
    },
    {
      name: 'log_cooking_sequence', description: 'Record the order in which the user added ingredients while cooking a recipe (order matters).', effect: 'write',
      parameters: params({ user_id: uid, recipe_name: rec, ingredients_in_order: { type: 'array', description: 'Ingredient names, first added first.', 'x-ordered': true, items: ing } }, ['user_id', 'recipe_name', 'ingredients_in_order']),
      steps: [userCheck, oneRec, { sql: 'INSERT INTO cooking_log (user_id, recipe_name, sequence) VALUES (:user_id, :rname, :ingredients_in_order)' }],
      returns: { status: 'success', message: 'Logged the cooking sequence of {rname}.' },
    },
  ];
  return {
    id: 'kitchen',
    entity: { table: 'ingredients', column: 'ingredient_name' },
    rowOf: (r) => ({ fridge: 0, counter: 1, pantry: 2 })[r.storage as string] ?? 1,
    users: USERS,
    tables: [
      { name: 'users', create: 'CREATE TABLE users (user_id TEXT PRIMARY KEY)', rows: USERS.map((user_id) => ({ user_id })) },
      { name: 'ingredients', create: `CREATE TABLE ingredients (ingredient_name TEXT PRIMARY KEY, category TEXT NOT NULL, colour TEXT NOT NULL, shape TEXT NOT NULL, storage TEXT NOT NULL,
  quantity INTEGER NOT NULL, unit TEXT NOT NULL, expiry_date TEXT NOT NULL, calories_per_100g REAL, protein_g REAL, fat_g REAL, carbs_g REAL, allergens TEXT NOT NULL, origin TEXT)`, rows: ingredients },
      { name: 'recipes', create: 'CREATE TABLE recipes (recipe_name TEXT PRIMARY KEY, cuisine TEXT NOT NULL, servings INTEGER NOT NULL, minutes INTEGER NOT NULL)', rows: recipes },
      { name: 'recipe_ingredients', create: 'CREATE TABLE recipe_ingredients (recipe_name TEXT NOT NULL, ingredient_name TEXT NOT NULL, grams REAL NOT NULL)', rows: recipeItems },
      { name: 'meal_plan', create: 'CREATE TABLE meal_plan (user_id TEXT NOT NULL, day TEXT NOT NULL, recipe_name TEXT NOT NULL, servings INTEGER NOT NULL)', rows: mealPlan },
      { name: 'shopping_list', create: 'CREATE TABLE shopping_list (user_id TEXT NOT NULL, ingredient_name TEXT NOT NULL, quantity INTEGER NOT NULL, PRIMARY KEY (user_id, ingredient_name))', rows: shopping },
      { name: 'cooking_log', create: 'CREATE TABLE cooking_log (user_id TEXT NOT NULL, recipe_name TEXT NOT NULL, sequence TEXT NOT NULL)', rows: cookingLog },
    ],
    state_tables: ['ingredients', 'meal_plan', 'shopping_list', 'cooking_log'],
    tools,
    tasks: TASKS,
  };
}

const H = 'hana_kim_310';
const M = 'marco_silva_725';
const J = 'jules_moreau_046';
const P = 'priya_nair_884';
const S = 'sam_okafor_192';
const E = 'elin_berg_657';

const TASKS: ScenarioSpec['tasks'] = [
  {
    id: 'kitchen-01', user_id: H, backdrop: 'counter',
    instruction: `You are planning meals (User ID: ${H}). You took three things out of the fridge, one after another: a green vegetable, a red vegetable, then a white box. Ask the AI Service Agent for a recipe that uses the first item and plan it for Friday, 2 servings. Then ask whether the white box expires before 2026-05-20: if it does, use one unit of it now; otherwise put one on your shopping list.`,
    image_description: 'At the open fridge you take out a green head of broccoli, then a red pepper, then a white box of tofu, one after another.',
    actions: [['pick', 'Broccoli Crown', 'right'], ['tap', 'Red Bell Pepper', 'right'], ['pick', 'Firm Tofu', 'left']],
    refs: [
      { description: 'the first item I took out (the green vegetable)', entity: 'Broccoli Crown', action: 0 },
      { description: 'the white box', entity: 'Firm Tofu', action: 2 },
    ],
    turns: [
      { user: `My user_id is ${H}. Which recipe uses the first thing I took out of the fridge? Plan it for Friday, 2 servings.`, calls: [
        call('find_recipes_using_ingredient', { ingredient_name: 'Broccoli Crown' }),
        call('add_recipe_to_meal_plan', { user_id: H, recipe_name: 'Vegetable Stir Fry', day: 'friday', servings: 2 }),
      ] },
      { user: 'Does the white box expire before 2026-05-20? If it does, I will use one unit of it now, otherwise put one on my shopping list.', calls: [
        call('get_ingredient_details', { ingredient_name: 'Firm Tofu' }),
        call('use_ingredient', { ingredient_name: 'Firm Tofu', quantity: 1 }),
      ] },
    ],
    wrong_branch: { at: 1, calls: [call('get_ingredient_details', { ingredient_name: 'Firm Tofu' }), call('add_to_shopping_list', { user_id: H, ingredient_name: 'Firm Tofu', quantity: 1 })] },
  },
  {
    id: 'kitchen-02', user_id: M, backdrop: 'counter',
    instruction: `You are cooking Mushroom Risotto (User ID: ${M}). You added four ingredients to the pan one after another. Ask the AI Service Agent to log the order in which you added them for this recipe, and to compute the total nutrition of those four ingredients in the amounts the recipe uses. Then, if the recipe also needs Parmesan Wedge and you have fewer than 2 units in stock, put one on your shopping list.`,
    image_description: 'Over the stove you add a yellow block of butter, then a yellow onion, then a white bag of rice, then an orange carton of stock, one after another.',
    actions: [['tap', 'Unsalted Butter', 'right'], ['tap', 'Yellow Onion', 'right'], ['tap', 'Arborio Rice', 'left'], ['tap', 'Vegetable Stock', 'right']],
    refs: [
      { description: 'the first thing I added', entity: 'Unsalted Butter', action: 0 },
      { description: 'the second thing I added', entity: 'Yellow Onion', action: 1 },
      { description: 'the third thing I added', entity: 'Arborio Rice', action: 2 },
      { description: 'the fourth thing I added', entity: 'Vegetable Stock', action: 3 },
    ],
    turns: [
      { user: `I'm ${M}. Please log the order in which I just added the ingredients for my Mushroom Risotto, and tell me the total nutrition of those four in the amounts the recipe uses.`, calls: [
        call('get_recipe_ingredients', { recipe_name: 'Mushroom Risotto' }),
        call('log_cooking_sequence', { user_id: M, recipe_name: 'Mushroom Risotto', ingredients_in_order: ['Unsalted Butter', 'Yellow Onion', 'Arborio Rice', 'Vegetable Stock'] }),
        call('compute_total_nutrition', { user_id: M, ingredients: [{ ingredient_name: 'Unsalted Butter', grams: 30 }, { ingredient_name: 'Yellow Onion', grams: 80 }, { ingredient_name: 'Arborio Rice', grams: 200 }, { ingredient_name: 'Vegetable Stock', grams: 500 }] }),
      ] },
      { user: 'The recipe also needs Parmesan Wedge, right? If I have fewer than 2 units of it, put one on my shopping list.', calls: [
        call('get_ingredient_details', { ingredient_name: 'Parmesan Wedge' }),
        call('add_to_shopping_list', { user_id: M, ingredient_name: 'Parmesan Wedge', quantity: 1 }),
      ] },
    ],
    wrong_branch: { at: 1, calls: [call('get_ingredient_details', { ingredient_name: 'Parmesan Wedge' })] },
  },
  {
    id: 'kitchen-03', user_id: J, backdrop: 'counter',
    instruction: `You hate wasting food (User ID: ${J}). You picked up the blue box with your right hand and the yellow bag with your left hand. Ask the AI Service Agent which of the two expires first and use one unit of it now. Then, if the other one expires before 2026-05-10, plan Banana Oat Pancakes for Saturday, 1 serving.`,
    image_description: 'You pick up a small blue box of berries with your right hand and a yellow bag of bananas with your left hand from the counter.',
    actions: [['pick', 'Blueberries', 'right'], ['pick', 'Ripe Bananas', 'left']],
    extra: ['Green Apples', 'Fresh Lemons'],
    refs: [
      { description: 'the blue box in my right hand', entity: 'Blueberries', action: 0 },
      { description: 'the yellow bag in my left hand', entity: 'Ripe Bananas', action: 1 },
    ],
    turns: [
      { user: `My user_id is ${J}. Which of the two things I'm holding expires first? I'll use one unit of it now.`, calls: [
        call('get_ingredient_details', { ingredient_name: 'Blueberries' }),
        call('get_ingredient_details', { ingredient_name: 'Ripe Bananas' }),
        call('use_ingredient', { ingredient_name: 'Blueberries', quantity: 1 }),
      ] },
      { user: 'If the other one expires before 2026-05-10, plan Banana Oat Pancakes for Saturday, 1 serving.', calls: [
        call('add_recipe_to_meal_plan', { user_id: J, recipe_name: 'Banana Oat Pancakes', day: 'saturday', servings: 1 }),
      ] },
    ],
    wrong_branch: { at: 0, calls: [
      call('get_ingredient_details', { ingredient_name: 'Blueberries' }),
      call('get_ingredient_details', { ingredient_name: 'Ripe Bananas' }),
      call('use_ingredient', { ingredient_name: 'Ripe Bananas', quantity: 1 }),
    ] },
  },
  {
    id: 'kitchen-04', user_id: P, backdrop: 'counter',
    instruction: `Your dinner guest on Wednesday has a peanut allergy (User ID: ${P}). You tapped the brown jar in the pantry. Ask the AI Service Agent whether it contains peanuts and which recipes use it. If it contains peanuts, remove Peanut Noodle Bowl from your Wednesday meal plan and plan Coconut Chickpea Curry on Wednesday instead, 4 servings.`,
    image_description: 'In the pantry you look over the jars and tap a brown jar with your right index finger.',
    actions: [['point', 'Wildflower Honey', 'left'], ['tap', 'Crunchy Peanut Butter', 'right']],
    extra: ['Chili Flakes', 'Sea Salt', 'Sesame Oil'],
    refs: [{ description: 'the brown jar I tapped', entity: 'Crunchy Peanut Butter', action: 1 }],
    turns: [
      { user: `User ${P} here. Does the brown jar I tapped contain peanuts, and which recipes use it?`, calls: [
        call('get_ingredient_allergens', { ingredient_name: 'Crunchy Peanut Butter' }),
        call('find_recipes_using_ingredient', { ingredient_name: 'Crunchy Peanut Butter' }),
      ] },
      { user: 'If it has peanuts, take Peanut Noodle Bowl off my Wednesday plan and plan Coconut Chickpea Curry on Wednesday instead, 4 servings.', calls: [
        call('remove_recipe_from_meal_plan', { user_id: P, recipe_name: 'Peanut Noodle Bowl', day: 'wednesday' }),
        call('add_recipe_to_meal_plan', { user_id: P, recipe_name: 'Coconut Chickpea Curry', day: 'wednesday', servings: 4 }),
      ] },
    ],
    wrong_branch: { at: 1, calls: [call('add_recipe_to_meal_plan', { user_id: P, recipe_name: 'Coconut Chickpea Curry', day: 'wednesday', servings: 4 })] },
  },
  {
    id: 'kitchen-05', user_id: S, backdrop: 'counter',
    instruction: `You want to bake fish tonight (User ID: ${S}). You pointed at a pink pack and then at yellow fruit. Ask the AI Service Agent for a recipe that uses both, then check the stock of every ingredient of that recipe and put one unit of each ingredient that is out of stock on your shopping list.`,
    image_description: 'You point at a pink pack of fish in the fridge, then at a bowl of yellow lemons on the counter.',
    actions: [['point', 'Salmon Fillet', 'right'], ['point', 'Fresh Lemons', 'right']],
    extra: ['Zucchini', 'Chicken Thighs'],
    refs: [
      { description: 'the pink pack I pointed at', entity: 'Salmon Fillet', action: 0 },
      { description: 'the yellow fruit I pointed at', entity: 'Fresh Lemons', action: 1 },
    ],
    turns: [
      { user: `My user_id is ${S}. Which recipe uses both things I pointed at?`, calls: [
        call('find_recipes_using_ingredient', { ingredient_name: 'Salmon Fillet' }),
        call('find_recipes_using_ingredient', { ingredient_name: 'Fresh Lemons' }),
      ] },
      { user: 'Check the stock of every ingredient of that recipe and put one of each ingredient that is out of stock on my shopping list.', calls: [
        call('check_recipe_stock', { recipe_name: 'Salmon Lemon Bake' }),
        call('add_to_shopping_list', { user_id: S, ingredient_name: 'Zucchini', quantity: 1 }),
      ] },
    ],
    wrong_branch: { at: 1, calls: [call('check_recipe_stock', { recipe_name: 'Salmon Lemon Bake' }), call('add_to_shopping_list', { user_id: S, ingredient_name: 'Cold Pressed Olive Oil', quantity: 1 })] },
  },
  {
    id: 'kitchen-06', user_id: E, backdrop: 'counter',
    instruction: `You are making a light breakfast (User ID: ${E}). You picked up the white carton with your left hand and the white jar with your right hand. Ask the AI Service Agent which has fewer calories per 100 g, then the total nutrition of 150 g of that one with 80 g of Rolled Oats, and finally put 2 units of it on your shopping list.`,
    image_description: 'At the fridge you take a white carton with your left hand and a white jar with your right hand.',
    actions: [['pick', 'Heavy Cream', 'left'], ['pick', 'Plain Yogurt', 'right']],
    extra: ['Free Range Eggs', 'Unsalted Butter'],
    refs: [
      { description: 'the white carton in my left hand', entity: 'Heavy Cream', action: 0 },
      { description: 'the white jar in my right hand', entity: 'Plain Yogurt', action: 1 },
    ],
    turns: [
      { user: `Hi, I'm ${E}. Which of the two I'm holding has fewer calories per 100 g?`, calls: [
        call('get_ingredient_nutrition', { ingredient_name: 'Heavy Cream' }),
        call('get_ingredient_nutrition', { ingredient_name: 'Plain Yogurt' }),
      ] },
      { user: 'What is the total nutrition of 150 g of that one with 80 g of Rolled Oats? Then put 2 units of it on my shopping list.', calls: [
        call('compute_total_nutrition', { user_id: E, ingredients: [{ ingredient_name: 'Plain Yogurt', grams: 150 }, { ingredient_name: 'Rolled Oats', grams: 80 }] }),
        call('add_to_shopping_list', { user_id: E, ingredient_name: 'Plain Yogurt', quantity: 2 }),
      ] },
    ],
    wrong_branch: { at: 1, calls: [
      call('compute_total_nutrition', { user_id: E, ingredients: [{ ingredient_name: 'Heavy Cream', grams: 150 }, { ingredient_name: 'Rolled Oats', grams: 80 }] }),
      call('add_to_shopping_list', { user_id: E, ingredient_name: 'Heavy Cream', quantity: 2 }),
    ] },
  },
];
