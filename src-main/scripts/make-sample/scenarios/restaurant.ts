// Restaurant: a buffet counter of dishes. Visible: name, plate colour and shape, counter tier,
// price tag. Hidden: calories, allergens, cuisine origin, spice level, tax, discount.
import type { ToolDef } from '../../../../shared/format/types';
import { Rng, round2 } from '../prng';
import { call, fuzzy, int, num, params, readTool, str, type Cell, type ScenarioSpec } from '../model';

type D = [name: string, category: string, colour: string, shape: string, tier: string, cuisine: string, allergens: string, spice: number];
const DISHES: D[] = [
  ['Tomato Basil Soup', 'soup', 'red', 'bowl', 'top', 'Italian', 'milk', 0],
  ['Miso Broth', 'soup', 'brown', 'bowl', 'top', 'Japanese', 'soy', 0],
  ['Tom Yum Goong', 'soup', 'orange', 'bowl', 'top', 'Thai', 'shellfish, fish', 3],
  ['Lentil Dal', 'soup', 'yellow', 'bowl', 'top', 'Indian', 'none', 2],
  ['Gazpacho Andaluz', 'soup', 'red', 'bowl', 'top', 'Spanish', 'none', 0],
  ['Caesar Salad', 'salad', 'green', 'plate', 'top', 'American', 'eggs, fish, milk, gluten', 0],
  ['Greek Village Salad', 'salad', 'green', 'bowl', 'top', 'Greek', 'milk', 0],
  ['Quinoa Power Bowl', 'salad', 'teal', 'bowl', 'top', 'Peruvian', 'sesame', 0],
  ['Som Tam Papaya', 'salad', 'orange', 'plate', 'top', 'Thai', 'peanuts, fish', 3],
  ['Caprese Plate', 'salad', 'white', 'plate', 'top', 'Italian', 'milk', 0],
  ['Margherita Pizza', 'main', 'red', 'plate', 'middle', 'Italian', 'gluten, milk', 0],
  ['Spaghetti Carbonara', 'main', 'cream', 'plate', 'middle', 'Italian', 'gluten, eggs, milk', 0],
  ['Mushroom Risotto', 'main', 'cream', 'plate', 'middle', 'Italian', 'milk', 0],
  ['Chicken Tikka Masala', 'main', 'orange', 'bowl', 'middle', 'Indian', 'milk', 2],
  ['Paneer Butter Curry', 'main', 'orange', 'bowl', 'middle', 'Indian', 'milk, nuts', 1],
  ['Beef Bulgogi', 'main', 'brown', 'plate', 'middle', 'Korean', 'soy, sesame', 1],
  ['Pad Thai Noodles', 'main', 'yellow', 'plate', 'middle', 'Thai', 'peanuts, eggs, fish', 2],
  ['Green Curry Chicken', 'main', 'green', 'bowl', 'middle', 'Thai', 'fish', 3],
  ['Salmon Teriyaki', 'main', 'pink', 'plate', 'middle', 'Japanese', 'fish, soy, gluten', 0],
  ['Vegetable Paella', 'main', 'yellow', 'plate', 'middle', 'Spanish', 'none', 0],
  ['Falafel Wrap', 'main', 'brown', 'flat', 'middle', 'Lebanese', 'gluten, sesame', 1],
  ['Bean Chili Bowl', 'main', 'red', 'bowl', 'middle', 'Mexican', 'none', 3],
  ['Fish and Chips', 'main', 'gold', 'plate', 'middle', 'British', 'fish, gluten', 0],
  ['Tofu Stir Fry', 'main', 'green', 'plate', 'middle', 'Chinese', 'soy, sesame', 1],
  ['Lamb Tagine', 'main', 'brown', 'bowl', 'middle', 'Moroccan', 'nuts', 1],
  ['Garlic Naan', 'side', 'cream', 'flat', 'bottom', 'Indian', 'gluten, milk', 0],
  ['Steamed Jasmine Rice', 'side', 'white', 'bowl', 'bottom', 'Thai', 'none', 0],
  ['Sweet Potato Fries', 'side', 'orange', 'plate', 'bottom', 'American', 'none', 0],
  ['Edamame Pods', 'side', 'green', 'bowl', 'bottom', 'Japanese', 'soy', 0],
  ['Hummus Dip', 'side', 'cream', 'bowl', 'bottom', 'Lebanese', 'sesame', 0],
  ['Kimchi Side', 'side', 'red', 'bowl', 'bottom', 'Korean', 'fish', 2],
  ['Corn on the Cob', 'side', 'yellow', 'plate', 'bottom', 'American', 'milk', 0],
  ['Tiramisu Cup', 'dessert', 'brown', 'bowl', 'bottom', 'Italian', 'eggs, milk, gluten', 0],
  ['Mango Sticky Rice', 'dessert', 'yellow', 'plate', 'bottom', 'Thai', 'none', 0],
  ['Matcha Cheesecake', 'dessert', 'green', 'plate', 'bottom', 'Japanese', 'milk, eggs, gluten', 0],
  ['Baklava Squares', 'dessert', 'gold', 'plate', 'bottom', 'Turkish', 'nuts, gluten', 0],
  ['Churros Platter', 'dessert', 'gold', 'plate', 'bottom', 'Spanish', 'gluten, eggs', 0],
  ['Fruit Salad Cup', 'dessert', 'pink', 'bowl', 'bottom', 'American', 'none', 0],
  ['Lemon Iced Tea', 'drink', 'yellow', 'tall', 'bottom', 'American', 'none', 0],
  ['Mango Lassi', 'drink', 'orange', 'tall', 'bottom', 'Indian', 'milk', 0],
  ['Sparkling Water', 'drink', 'silver', 'bottle', 'bottom', 'French', 'none', 0],
  ['Hibiscus Cooler', 'drink', 'purple', 'tall', 'bottom', 'Mexican', 'none', 0],
];
const PRICE: Record<string, [number, number]> = { soup: [5, 9], salad: [7, 12], main: [12, 24], side: [3, 6], dessert: [5, 9], drink: [2, 5] };
const KCAL: Record<string, [number, number]> = { soup: [120, 320], salad: [180, 480], main: [450, 950], side: [150, 380], dessert: [250, 520], drink: [0, 260] };

const USERS = [
  ['nina_park_402', 'Nina Park'], ['leo_martin_615', 'Leo Martin'], ['aisha_bello_270', 'Aisha Bello'],
  ['ken_tanaka_833', 'Ken Tanaka'], ['clara_ruiz_148', 'Clara Ruiz'], ['ivan_petrov_509', 'Ivan Petrov'],
];

export function restaurant(): ScenarioSpec {
  const rng = new Rng('restaurant-dishes');
  const dishes: Record<string, Cell>[] = DISHES.map(([dish_name, category, colour, shape, tier, cuisine, allergens, spice]) => {
    const [p0, p1] = PRICE[category];
    const [k0, k1] = KCAL[category];
    return {
      dish_name, category, colour, shape, counter_tier: tier,
      price: round2(Math.round((p0 + rng.next() * (p1 - p0)) * 2) / 2 - 0.05),
      tax_rate: category === 'drink' ? 0.1 : 0.08,
      discount: rng.pick([1, 1, 1, 1, 0.9, 0.8]),
      cuisine, spice_level: spice,
      calories_kcal: Math.round(k0 + rng.next() * (k1 - k0)),
      protein_g: round2(rng.next() * 35), fat_g: round2(rng.next() * 30), carbs_g: round2(rng.next() * 90), sodium_mg: Math.round(rng.next() * 1400),
      allergens, vegetarian: /Chicken|Beef|Salmon|Fish|Lamb|Tom Yum|Caesar|Kimchi|Som Tam|Green Curry|Pad Thai/.test(dish_name) ? 0 : 1,
    };
  });
  const by = new Map(dishes.map((d) => [d.dish_name as string, d]));
  const orderRow = (user_id: string, dish_name: string, quantity: number, note: string | null = null) => {
    const d = by.get(dish_name)!;
    return { user_id, dish_name, quantity, price: d.price, tax_rate: d.tax_rate, discount: d.discount, note };
  };
  const orders = [
    orderRow('nina_park_402', 'Miso Broth', 1),
    orderRow('leo_martin_615', 'Margherita Pizza', 2),
    orderRow('leo_martin_615', 'Sparkling Water', 2),
    orderRow('aisha_bello_270', 'Hummus Dip', 1, 'extra pita'),
    orderRow('ken_tanaka_833', 'Edamame Pods', 1),
    orderRow('ken_tanaka_833', 'Salmon Teriyaki', 1),
    orderRow('clara_ruiz_148', 'Lemon Iced Tea', 1),
  ];
  const sets = [
    { set_name: 'Thai Lunch Set', dish_name: 'Green Curry Chicken' }, { set_name: 'Thai Lunch Set', dish_name: 'Steamed Jasmine Rice' }, { set_name: 'Thai Lunch Set', dish_name: 'Lemon Iced Tea' },
    { set_name: 'Italian Classic Set', dish_name: 'Margherita Pizza' }, { set_name: 'Italian Classic Set', dish_name: 'Caprese Plate' }, { set_name: 'Italian Classic Set', dish_name: 'Tiramisu Cup' },
    { set_name: 'Indian Feast Set', dish_name: 'Chicken Tikka Masala' }, { set_name: 'Indian Feast Set', dish_name: 'Garlic Naan' }, { set_name: 'Indian Feast Set', dish_name: 'Mango Lassi' },
  ];
  const setPrices = [
    { set_name: 'Thai Lunch Set', price: 19.5, discount: 0.9 }, { set_name: 'Italian Classic Set', price: 24, discount: 0.9 }, { set_name: 'Indian Feast Set', price: 22.5, discount: 1 },
  ];
  const favs = [{ user_id: 'nina_park_402', dish_name: 'Mango Sticky Rice' }, { user_id: 'ivan_petrov_509', dish_name: 'Lamb Tagine' }];

  const dn = str('Dish name; a partial name matches every dish containing it.', { 'x-match': { entity: 'dishes.dish_name' } });
  const uid = str('The diner\'s user id.');
  const list = { type: 'array', description: 'Dishes and quantities.', items: params({ dish_name: dn, quantity: int('How many.', { minimum: 1 }) }, ['dish_name', 'quantity']) };
  const userCheck = { sql: 'SELECT user_id FROM users WHERE user_id = :user_id', expect: 'one' as const, error: 'Unknown user {user_id}.' };
  const tools: ToolDef[] = [
    readTool('find_dishes_by_name', 'Dishes whose name contains the text.', params({ name: str('Part of a dish name.') }, ['name']),
      `SELECT dish_name, category, price FROM dishes WHERE ${fuzzy('dish_name', 'name')} ORDER BY dish_name`, { dishes: '$rows.rows', count: '$count.rows' }),
    readTool('find_dishes_by_category', 'Dishes of a category (soup, salad, main, side, dessert, drink).',
      params({ category: str('Category.', { enum: ['soup', 'salad', 'main', 'side', 'dessert', 'drink'] }) }, ['category']),
      'SELECT dish_name, price FROM dishes WHERE category = :category ORDER BY dish_name', { dishes: '$rows.rows', count: '$count.rows' }),
    readTool('find_dishes_by_cuisine', 'Dishes of a cuisine, e.g. Thai.', params({ cuisine: str('Cuisine.') }, ['cuisine']),
      `SELECT dish_name, category FROM dishes WHERE ${fuzzy('cuisine', 'cuisine')} ORDER BY dish_name`, { dish_names: '$column.rows.dish_name' }),
    readTool('find_dishes_without_allergen', 'Dishes free of an allergen, optionally of one category.',
      params({ allergen: str('Allergen, e.g. nuts.'), category: str('Category.') }, ['allergen']),
      "SELECT dish_name, category, price, allergens FROM dishes WHERE lower(allergens) NOT LIKE '%' || lower(:allergen) || '%' AND (:category IS NULL OR category = :category) ORDER BY price, dish_name",
      { dishes: '$rows.rows', count: '$count.rows' }),
    readTool('find_dishes_by_max_spice', 'Dishes whose spice level (0-3) is at most a value, optionally of one category.',
      params({ max_spice: int('Highest spice level, 0 to 3.', { minimum: 0, maximum: 3 }), category: str('Category.') }, ['max_spice']),
      'SELECT dish_name, category, spice_level FROM dishes WHERE spice_level <= :max_spice AND (:category IS NULL OR category = :category) ORDER BY dish_name',
      { dishes: '$rows.rows', count: '$count.rows' }),
    readTool('get_dish_price', 'Menu price, tax rate and discount factor of the dishes matching a name.', params({ dish_name: dn }, ['dish_name']),
      `SELECT dish_name, price, tax_rate, discount FROM dishes WHERE ${fuzzy('dish_name', 'dish_name')} ORDER BY dish_name`, { dishes: '$rows.rows' }),
    readTool('get_dish_nutrition', 'Calories and macros of the dishes matching a name.', params({ dish_name: dn }, ['dish_name']),
      `SELECT dish_name, calories_kcal, protein_g, fat_g, carbs_g, sodium_mg FROM dishes WHERE ${fuzzy('dish_name', 'dish_name')} ORDER BY dish_name`, { nutrition: '$rows.rows' }),
    readTool('get_dish_allergens', 'Allergens and whether the dish is vegetarian (1) or not (0).', params({ dish_name: dn }, ['dish_name']),
      `SELECT dish_name, allergens, vegetarian FROM dishes WHERE ${fuzzy('dish_name', 'dish_name')} ORDER BY dish_name`, { dishes: '$rows.rows' }),
    readTool('get_dish_profile', 'Cuisine and spice level of the dishes matching a name.', params({ dish_name: dn }, ['dish_name']),
      `SELECT dish_name, cuisine, spice_level, category FROM dishes WHERE ${fuzzy('dish_name', 'dish_name')} ORDER BY dish_name`, { dishes: '$rows.rows' }),
    {
      name: 'add_dish_to_order', description: "Add a dish to a diner's order with its unit price, tax rate, discount factor and an optional kitchen note.", effect: 'write',
      parameters: params({ user_id: uid, dish_name: dn, quantity: int('How many.', { minimum: 1 }), price: num('Unit menu price.', { minimum: 0 }), tax_rate: num('Tax rate.', { minimum: 0, maximum: 1 }), discount: num('Discount factor.', { minimum: 0, maximum: 1 }), note: str('Kitchen note, e.g. no onions.') }, ['user_id', 'dish_name', 'quantity', 'price', 'tax_rate', 'discount']),
      steps: [userCheck,
        { sql: `SELECT dish_name AS dname FROM dishes WHERE ${fuzzy('dish_name', 'dish_name')}`, expect: 'one', error: "'{dish_name}' does not name exactly one dish.", bind: true },
        { sql: 'INSERT INTO orders (user_id, dish_name, quantity, price, tax_rate, discount, note) VALUES (:user_id, :dname, :quantity, :price, :tax_rate, :discount, :note) ON CONFLICT (user_id, dish_name) DO UPDATE SET quantity = quantity + excluded.quantity' }],
      returns: { status: 'success', message: 'Ordered {quantity} x {dname} for {user_id}.' },
    },
    {
      name: 'remove_dish_from_order', description: "Take a dish off a diner's order.", effect: 'write',
      parameters: params({ user_id: uid, dish_name: dn }, ['user_id', 'dish_name']),
      steps: [{ sql: `SELECT dish_name AS dname FROM orders WHERE user_id = :user_id AND ${fuzzy('dish_name', 'dish_name')}`, expect: 'one', error: "'{dish_name}' is not on the order of {user_id}.", bind: true },
        { sql: 'DELETE FROM orders WHERE user_id = :user_id AND dish_name = :dname' }],
      returns: { status: 'success', message: 'Removed {dname} from the order of {user_id}.' },
    },
    readTool('get_order', "A diner's current order.", params({ user_id: uid }, ['user_id']),
      'SELECT dish_name, quantity, price, discount, note FROM orders WHERE user_id = :user_id ORDER BY dish_name', { user_id: '$param.user_id', order: '$rows.rows' }),
    {
      name: 'compute_order_total', description: 'Total to pay for a list of dishes: price x discount x quantity plus tax.', effect: 'read',
      parameters: params({ user_id: uid, dishes: list }, ['user_id', 'dishes']),
      steps: [userCheck, { as: 't', sql: "SELECT round(sum(d.price * d.discount * (1 + d.tax_rate) * json_extract(j.value, '$.quantity')), 2) AS total, round(sum(d.price * d.discount * d.tax_rate * json_extract(j.value, '$.quantity')), 2) AS tax FROM json_each(:dishes) j JOIN dishes d ON lower(d.dish_name) = lower(json_extract(j.value, '$.dish_name'))" }],
      returns: { user_id: '$param.user_id', payment: '$first.t' },
    },
    {
      name: 'compute_total_nutrition', description: 'Total calories and macros of a list of dishes.', effect: 'read',
      parameters: params({ user_id: uid, dishes: list }, ['user_id', 'dishes']),
      steps: [userCheck, { as: 't', sql: "SELECT sum(d.calories_kcal * json_extract(j.value, '$.quantity')) AS calories_kcal, round(sum(d.protein_g * json_extract(j.value, '$.quantity')), 2) AS protein_g, round(sum(d.fat_g * json_extract(j.value, '$.quantity')), 2) AS fat_g, round(sum(d.carbs_g * json_extract(j.value, '$.quantity')), 2) AS carbs_g FROM json_each(:dishes) j JOIN dishes d ON lower(d.dish_name) = lower(json_extract(j.value, '$.dish_name'))" }],
      returns: { user_id: '$param.user_id', total_nutrition: '$first.t' },
    },
    readTool('get_set_meal', 'The dishes, price and discount of a set meal.', params({ set_name: str('Set meal name, e.g. Thai Lunch Set.') }, ['set_name']),
      `SELECT s.set_name, s.dish_name, p.price, p.discount FROM set_meals s JOIN set_prices p ON p.set_name = s.set_name WHERE ${fuzzy('s.set_name', 'set_name')} ORDER BY s.set_name, s.dish_name`, { items: '$rows.rows' }),
    {
      name: 'add_favourite', description: "Save a dish to a diner's favourites.", effect: 'write',
      parameters: params({ user_id: uid, dish_name: dn }, ['user_id', 'dish_name']),
      steps: [userCheck,
        { sql: `SELECT dish_name AS dname FROM dishes WHERE ${fuzzy('dish_name', 'dish_name')}`, expect: 'one', error: "'{dish_name}' does not name exactly one dish.", bind: true },
        { sql: 'SELECT 1 FROM favourites WHERE user_id = :user_id AND dish_name = :dname', expect: 'none', error: '{dname} is already a favourite of {user_id}.' },
        { sql: 'INSERT INTO favourites (user_id, dish_name) VALUES (:user_id, :dname)' }],
      returns: { status: 'success', message: 'Saved {dname} as a favourite of {user_id}.' },
    },
  ];
  return {
    id: 'restaurant',
    entity: { table: 'dishes', column: 'dish_name' },
    rowOf: (r) => ({ top: 0, middle: 1, bottom: 2 })[r.counter_tier as string] ?? 1,
    tagOf: (r) => `$${(r.price as number).toFixed(2)}`,
    users: USERS.map((u) => u[0]),
    tables: [
      { name: 'users', create: 'CREATE TABLE users (user_id TEXT PRIMARY KEY, name TEXT NOT NULL)', rows: USERS.map(([user_id, name]) => ({ user_id, name })) },
      { name: 'dishes', create: `CREATE TABLE dishes (dish_name TEXT PRIMARY KEY, category TEXT NOT NULL, colour TEXT NOT NULL, shape TEXT NOT NULL, counter_tier TEXT NOT NULL,
  price REAL NOT NULL, tax_rate REAL NOT NULL, discount REAL NOT NULL, cuisine TEXT NOT NULL, spice_level INTEGER NOT NULL,
  calories_kcal INTEGER, protein_g REAL, fat_g REAL, carbs_g REAL, sodium_mg INTEGER, allergens TEXT NOT NULL, vegetarian INTEGER NOT NULL)`, rows: dishes },
      { name: 'orders', create: 'CREATE TABLE orders (user_id TEXT NOT NULL, dish_name TEXT NOT NULL, quantity INTEGER NOT NULL, price REAL, tax_rate REAL, discount REAL, note TEXT, PRIMARY KEY (user_id, dish_name))', rows: orders },
      { name: 'set_meals', create: 'CREATE TABLE set_meals (set_name TEXT NOT NULL, dish_name TEXT NOT NULL)', rows: sets },
      { name: 'set_prices', create: 'CREATE TABLE set_prices (set_name TEXT PRIMARY KEY, price REAL NOT NULL, discount REAL NOT NULL)', rows: setPrices },
      { name: 'favourites', create: 'CREATE TABLE favourites (user_id TEXT NOT NULL, dish_name TEXT NOT NULL, PRIMARY KEY (user_id, dish_name))', rows: favs },
    ],
    state_tables: ['orders', 'favourites'],
    tools,
    tasks: TASKS,
  };
}

const N = 'nina_park_402';
const L = 'leo_martin_615';
const A = 'aisha_bello_270';
const K = 'ken_tanaka_833';
const C = 'clara_ruiz_148';
const I = 'ivan_petrov_509';
const add = (user_id: string, dish_name: string, quantity: number, price: number, tax_rate: number, discount: number, note?: string) =>
  call('add_dish_to_order', note ? { user_id, dish_name, quantity, price, tax_rate, discount, note } : { user_id, dish_name, quantity, price, tax_rate, discount });

const TASKS: ScenarioSpec['tasks'] = [
  {
    id: 'restaurant-01', user_id: N, backdrop: 'table',
    instruction: `You are a diner who dislikes very spicy food (User ID: ${N}). At the buffet counter you pointed first at an orange bowl and then at a green bowl on the middle tier. Ask the AI Service Agent which of the two is less spicy and order one portion of it. Then ask for the total calories of your whole order; if it is above 1000 kcal, ask the agent to remove the Miso Broth from your order.`,
    image_description: 'You walk along the buffet counter and point at an orange bowl of curry, then at a green bowl of curry, both on the middle tier.',
    actions: [['point', 'Chicken Tikka Masala', 'right'], ['point', 'Green Curry Chicken', 'right']],
    extra: ['Paneer Butter Curry', 'Miso Broth'],
    refs: [
      { description: 'the orange bowl I pointed at first', entity: 'Chicken Tikka Masala', action: 0 },
      { description: 'the green bowl I pointed at second', entity: 'Green Curry Chicken', action: 1 },
    ],
    turns: [
      { user: `Hello, my user_id is ${N}. Which of the two bowls I pointed at is less spicy? Please order one portion of that one.`, calls: [
        call('get_dish_profile', { dish_name: 'Chicken Tikka Masala' }),
        call('get_dish_profile', { dish_name: 'Green Curry Chicken' }),
        call('get_dish_price', { dish_name: 'Chicken Tikka Masala' }),
        add(N, 'Chicken Tikka Masala', 1, 23.45, 0.08, 1),
      ] },
      { user: 'How many calories is my whole order now? If it is above 1000 kcal, please remove the Miso Broth from my order.', calls: [
        call('get_order', { user_id: N }),
        call('compute_total_nutrition', { user_id: N, dishes: [{ dish_name: 'Chicken Tikka Masala', quantity: 1 }, { dish_name: 'Miso Broth', quantity: 1 }] }),
        call('remove_dish_from_order', { user_id: N, dish_name: 'Miso Broth' }),
      ] },
    ],
    wrong_branch: { at: 0, calls: [
      call('get_dish_profile', { dish_name: 'Chicken Tikka Masala' }),
      call('get_dish_profile', { dish_name: 'Green Curry Chicken' }),
      call('get_dish_price', { dish_name: 'Green Curry Chicken' }),
      add(N, 'Green Curry Chicken', 1, 15.45, 0.08, 1),
    ] },
  },
  {
    id: 'restaurant-02', user_id: L, backdrop: 'table',
    instruction: `You are a regular (User ID: ${L}) and already ordered pizza. You picked up the red plate with your left hand. Ask the AI Service Agent whether that dish is discounted today: if its discount factor is below 1, order one more of it; otherwise remove it from your order. Then ask the agent to save the white plate you pointed at as one of your favourites.`,
    image_description: 'You pick up a red plate of pizza with your left hand and then point with your right hand at a white plate on the top tier.',
    actions: [['pick', 'Margherita Pizza', 'left'], ['point', 'Caprese Plate', 'right']],
    extra: ['Spaghetti Carbonara', 'Caesar Salad'],
    refs: [
      { description: 'the red plate in my left hand', entity: 'Margherita Pizza', action: 0 },
      { description: 'the white plate I pointed at', entity: 'Caprese Plate', action: 1 },
    ],
    turns: [
      { user: `Hi, I'm ${L}. Is the dish on the red plate in my left hand discounted today? If its discount factor is below 1, order one more of it, otherwise take it off my order.`, calls: [
        call('get_dish_price', { dish_name: 'Margherita Pizza' }),
        add(L, 'Margherita Pizza', 1, 23.45, 0.08, 0.8),
      ] },
      { user: 'Please also save the white plate I pointed at as one of my favourites.', calls: [call('add_favourite', { user_id: L, dish_name: 'Caprese Plate' })] },
    ],
    wrong_branch: { at: 0, calls: [call('get_dish_price', { dish_name: 'Margherita Pizza' }), call('remove_dish_from_order', { user_id: L, dish_name: 'Margherita Pizza' })] },
  },
  {
    id: 'restaurant-03', user_id: A, backdrop: 'table',
    instruction: `You are allergic to nuts (User ID: ${A}). You tapped the gold plate on the bottom tier. Ask the AI Service Agent whether it contains nuts. If it does, ask for desserts without nuts and order the cheapest one; if several share the lowest price, order one of each. If it does not, order the gold plate. Finally ask how much your whole order costs.`,
    image_description: 'You look at the desserts on the bottom tier and tap a gold plate with your right index finger.',
    actions: [['point', 'Churros Platter', 'left'], ['tap', 'Baklava Squares', 'right']],
    extra: ['Tiramisu Cup', 'Matcha Cheesecake'],
    refs: [{ description: 'the gold plate I tapped', entity: 'Baklava Squares', action: 1 }],
    turns: [
      { user: `My user_id is ${A}. Does the gold plate I just tapped contain nuts?`, calls: [call('get_dish_allergens', { dish_name: 'Baklava Squares' })] },
      { user: 'Then find me desserts without nuts and order the cheapest one. If several share the lowest price, order one of each.', calls: [
        call('find_dishes_without_allergen', { allergen: 'nuts', category: 'dessert' }),
        call('get_dish_price', { dish_name: 'Churros Platter' }),
        add(A, 'Churros Platter', 1, 5.45, 0.08, 1),
        call('get_dish_price', { dish_name: 'Tiramisu Cup' }),
        add(A, 'Tiramisu Cup', 1, 5.45, 0.08, 1),
      ] },
      { user: 'How much does my whole order cost now?', calls: [
        call('get_order', { user_id: A }),
        call('compute_order_total', { user_id: A, dishes: [{ dish_name: 'Churros Platter', quantity: 1 }, { dish_name: 'Hummus Dip', quantity: 1 }, { dish_name: 'Tiramisu Cup', quantity: 1 }] }),
      ] },
    ],
    wrong_branch: { at: 1, calls: [call('get_dish_price', { dish_name: 'Baklava Squares' }), add(A, 'Baklava Squares', 1, 7.95, 0.08, 1)] },
  },
  {
    id: 'restaurant-04', user_id: K, backdrop: 'table',
    instruction: `You are ordering for a guest who cannot eat soy (User ID: ${K}). You picked up a pink plate with your right hand and a green bowl with your left hand; both dishes are already on your order. Ask the AI Service Agent to remove from your order each of the two that contains soy. Then ask it to order the cheapest side dish without soy, one portion, with the kitchen note "for my guest".`,
    image_description: 'You pick up a pink plate of salmon with your right hand, then a small green bowl with your left hand.',
    actions: [['pick', 'Salmon Teriyaki', 'right'], ['pick', 'Edamame Pods', 'left']],
    extra: ['Hummus Dip', 'Garlic Naan', 'Beef Bulgogi'],
    refs: [
      { description: 'the pink plate in my right hand', entity: 'Salmon Teriyaki', action: 0 },
      { description: 'the green bowl in my left hand', entity: 'Edamame Pods', action: 1 },
    ],
    turns: [
      { user: `User ${K} here. Please check the two dishes I'm holding and remove from my order each one that contains soy.`, calls: [
        call('get_dish_allergens', { dish_name: 'Salmon Teriyaki' }),
        call('get_dish_allergens', { dish_name: 'Edamame Pods' }),
        call('remove_dish_from_order', { user_id: K, dish_name: 'Salmon Teriyaki' }),
        call('remove_dish_from_order', { user_id: K, dish_name: 'Edamame Pods' }),
      ] },
      { user: 'Now order the cheapest side dish without soy, one portion, with the note "for my guest".', calls: [
        call('find_dishes_without_allergen', { allergen: 'soy', category: 'side' }),
        call('get_dish_price', { dish_name: 'Hummus Dip' }),
        add(K, 'Hummus Dip', 1, 3.45, 0.08, 1, 'for my guest'),
      ] },
    ],
    wrong_branch: { at: 0, calls: [
      call('get_dish_allergens', { dish_name: 'Salmon Teriyaki' }),
      call('get_dish_allergens', { dish_name: 'Edamame Pods' }),
      call('remove_dish_from_order', { user_id: K, dish_name: 'Salmon Teriyaki' }),
    ] },
  },
  {
    id: 'restaurant-05', user_id: C, backdrop: 'table',
    instruction: `You are watching your calories (User ID: ${C}). You pointed at a purple drink and then at a yellow drink on the bottom tier. Ask the AI Service Agent which of the two has fewer calories and order two of it. Then ask for the total calories of your whole order.`,
    image_description: 'At the drinks end of the counter you point at a tall purple glass and then at a tall yellow glass.',
    actions: [['point', 'Hibiscus Cooler', 'right'], ['point', 'Lemon Iced Tea', 'right']],
    extra: ['Mango Lassi', 'Sparkling Water'],
    refs: [
      { description: 'the purple drink I pointed at', entity: 'Hibiscus Cooler', action: 0 },
      { description: 'the yellow drink I pointed at', entity: 'Lemon Iced Tea', action: 1 },
    ],
    turns: [
      { user: `I'm ${C}. Which of the two drinks I pointed at has fewer calories? Order two of that one for me.`, calls: [
        call('get_dish_nutrition', { dish_name: 'Hibiscus Cooler' }),
        call('get_dish_nutrition', { dish_name: 'Lemon Iced Tea' }),
        call('get_dish_price', { dish_name: 'Lemon Iced Tea' }),
        add(C, 'Lemon Iced Tea', 2, 3.45, 0.1, 1),
      ] },
      { user: 'What are the total calories of my whole order?', calls: [
        call('get_order', { user_id: C }),
        call('compute_total_nutrition', { user_id: C, dishes: [{ dish_name: 'Lemon Iced Tea', quantity: 3 }] }),
      ] },
    ],
    wrong_branch: { at: 0, calls: [
      call('get_dish_nutrition', { dish_name: 'Hibiscus Cooler' }),
      call('get_dish_nutrition', { dish_name: 'Lemon Iced Tea' }),
      call('get_dish_price', { dish_name: 'Hibiscus Cooler' }),
      add(C, 'Hibiscus Cooler', 2, 4.45, 0.1, 0.9),
    ] },
  },
  {
    id: 'restaurant-06', user_id: I, backdrop: 'table',
    instruction: `You are vegetarian-curious (User ID: ${I}). You picked up the brown bowl with your left hand and pointed at the red bowl. Ask the AI Service Agent whether the red bowl is vegetarian and has a spice level of at most 2. If both hold, order one of the red bowl; otherwise order one of the brown bowl in your hand. Either way also order one Garlic Naan.`,
    image_description: 'You pick up a brown bowl with your left hand, then point at a red bowl of chili on the middle tier.',
    actions: [['pick', 'Lamb Tagine', 'left'], ['point', 'Bean Chili Bowl', 'right']],
    extra: ['Garlic Naan', 'Falafel Wrap'],
    refs: [
      { description: 'the brown bowl in my left hand', entity: 'Lamb Tagine', action: 0 },
      { description: 'the red bowl I pointed at', entity: 'Bean Chili Bowl', action: 1 },
    ],
    turns: [
      { user: `My user_id is ${I}. Is the red bowl I pointed at vegetarian, and is its spice level at most 2?`, calls: [
        call('get_dish_allergens', { dish_name: 'Bean Chili Bowl' }),
        call('get_dish_profile', { dish_name: 'Bean Chili Bowl' }),
      ] },
      { user: 'If both are true, order one of the red bowl. Otherwise order one of the brown bowl in my hand. Either way add one Garlic Naan.', calls: [
        call('get_dish_price', { dish_name: 'Lamb Tagine' }),
        add(I, 'Lamb Tagine', 1, 11.95, 0.08, 0.9),
        call('get_dish_price', { dish_name: 'Garlic Naan' }),
        add(I, 'Garlic Naan', 1, 3.95, 0.08, 1),
      ] },
    ],
    wrong_branch: { at: 1, calls: [
      call('get_dish_price', { dish_name: 'Bean Chili Bowl' }),
      add(I, 'Bean Chili Bowl', 1, 13.95, 0.08, 1),
      call('get_dish_price', { dish_name: 'Garlic Naan' }),
      add(I, 'Garlic Naan', 1, 3.95, 0.08, 1),
    ] },
  },
];
