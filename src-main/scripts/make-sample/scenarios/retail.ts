// Retail: a grocery aisle. Visible: name, colour, shape, shelf, price tag. Hidden: nutrition,
// allergens, origin, tax, discount, expiry.
import type { ToolDef } from '../../../../shared/format/types';
import { Rng, round2 } from '../prng';
import { call, fuzzy, int, num, params, readTool, str, type ScenarioSpec, type Cell } from '../model';

type P = [name: string, category: string, colour: string, shape: string, shelf: string, country: string, taste: string, allergens: string];
const PRODUCTS: P[] = [
  ['Castello Rosso Chianti', 'wine', 'red', 'bottle', 'top', 'Italy', 'dry', 'sulphites'],
  ['Bodega Sol Malbec', 'wine', 'purple', 'bottle', 'top', 'Argentina', 'bitter', 'sulphites'],
  ['Riverbend Pinot Grigio', 'wine', 'yellow', 'bottle', 'top', 'Italy', 'dry', 'sulphites'],
  ['Kiwi Coast Sauvignon', 'wine', 'green', 'bottle', 'top', 'New Zealand', 'sour', 'sulphites'],
  ['Domaine Lune Bordeaux', 'wine', 'black', 'bottle', 'top', 'France', 'bitter', 'sulphites'],
  ['Alpine Spring Riesling', 'wine', 'gold', 'bottle', 'top', 'Germany', 'sweet', 'sulphites'],
  ['Vino Verde Fresco', 'wine', 'teal', 'bottle', 'top', 'Portugal', 'sour', 'sulphites'],
  ['Fizzy Lime Soda', 'beverage', 'green', 'can', 'middle', 'Mexico', 'sweet', 'none'],
  ['Cola Classic', 'beverage', 'red', 'can', 'middle', 'USA', 'sweet', 'none'],
  ['Orange Burst Juice', 'beverage', 'orange', 'carton', 'bottom', 'Spain', 'sweet', 'none'],
  ['Oat Dream Drink', 'beverage', 'cream', 'carton', 'bottom', 'Sweden', 'mild', 'gluten'],
  ['Whole Farm Milk', 'dairy', 'blue', 'carton', 'bottom', 'Ireland', 'creamy', 'milk'],
  ['Cold Brew Coffee', 'beverage', 'brown', 'can', 'middle', 'Colombia', 'bitter', 'none'],
  ['Green Leaf Tea', 'beverage', 'green', 'box', 'middle', 'Japan', 'bitter', 'none'],
  ['Sea Salt Crisps', 'snack', 'blue', 'bag', 'middle', 'UK', 'salty', 'none'],
  ['Paprika Crisps', 'snack', 'red', 'bag', 'middle', 'Hungary', 'spicy', 'none'],
  ['Dark Cocoa Bar', 'snack', 'brown', 'flat', 'middle', 'Belgium', 'bitter', 'milk, soy'],
  ['Almond Crunch Granola', 'breakfast', 'yellow', 'box', 'middle', 'USA', 'nutty', 'nuts, gluten'],
  ['Honey Oat Cereal', 'breakfast', 'gold', 'box', 'middle', 'UK', 'sweet', 'gluten'],
  ['Choco Puffs Cereal', 'breakfast', 'brown', 'box', 'middle', 'USA', 'sweet', 'gluten, milk'],
  ['Rice Crackers', 'snack', 'white', 'bag', 'middle', 'Japan', 'salty', 'soy'],
  ['Trail Mix Deluxe', 'snack', 'orange', 'bag', 'middle', 'USA', 'nutty', 'nuts, peanuts'],
  ['Golden Acacia Honey', 'pantry', 'gold', 'jar', 'bottom', 'Hungary', 'sweet', 'none'],
  ['Strawberry Jam', 'pantry', 'red', 'jar', 'bottom', 'France', 'sweet', 'none'],
  ['Smooth Peanut Butter', 'pantry', 'brown', 'jar', 'bottom', 'USA', 'nutty', 'peanuts'],
  ['Basmati Rice', 'pantry', 'white', 'bag', 'bottom', 'India', 'mild', 'none'],
  ['Penne Rigate', 'pantry', 'yellow', 'box', 'bottom', 'Italy', 'mild', 'gluten'],
  ['Tomato Passata', 'pantry', 'red', 'jar', 'bottom', 'Italy', 'sour', 'none'],
  ['Extra Virgin Olive Oil', 'pantry', 'green', 'bottle', 'bottom', 'Greece', 'bitter', 'none'],
  ['Sunflower Oil', 'pantry', 'yellow', 'bottle', 'bottom', 'Ukraine', 'mild', 'none'],
  ['Apple Cider Vinegar', 'pantry', 'orange', 'bottle', 'bottom', 'USA', 'sour', 'none'],
  ['Coconut Cream', 'pantry', 'white', 'can', 'bottom', 'Thailand', 'creamy', 'none'],
  ['Chickpeas in Brine', 'pantry', 'yellow', 'can', 'bottom', 'Turkey', 'mild', 'none'],
  ['Tuna in Spring Water', 'pantry', 'blue', 'can', 'bottom', 'Spain', 'salty', 'fish'],
  ['Red Lentils', 'pantry', 'orange', 'bag', 'bottom', 'India', 'mild', 'none'],
  ['Gala Apples', 'fresh', 'red', 'round', 'middle', 'New Zealand', 'sweet', 'none'],
  ['Navel Oranges', 'fresh', 'orange', 'round', 'middle', 'Spain', 'sweet', 'none'],
  ['Hass Avocado', 'fresh', 'green', 'round', 'middle', 'Mexico', 'creamy', 'none'],
  ['Greek Yogurt', 'dairy', 'white', 'jar', 'bottom', 'Greece', 'sour', 'milk'],
  ['Aged Cheddar', 'dairy', 'yellow', 'box', 'bottom', 'UK', 'salty', 'milk'],
  ['Sourdough Loaf', 'bakery', 'brown', 'bag', 'top', 'France', 'sour', 'gluten'],
  ['Butter Croissants', 'bakery', 'gold', 'bag', 'top', 'France', 'savory', 'gluten, milk, eggs'],
  ['Lavender Dish Soap', 'household', 'purple', 'bottle', 'top', 'Germany', 'none', 'none'],
  ['Paper Towels', 'household', 'white', 'tall', 'top', 'USA', 'none', 'none'],
];

const PRICE: Record<string, [number, number]> = {
  wine: [9, 38], beverage: [1, 5], dairy: [2, 7], snack: [2, 6], breakfast: [3, 7],
  pantry: [1.5, 9], fresh: [2, 6], bakery: [3, 6], household: [3, 8],
};
const TAX: Record<string, number> = {
  wine: 0.12, beverage: 0.08, dairy: 0.05, snack: 0.08, breakfast: 0.05, pantry: 0.05, fresh: 0.05, bakery: 0.05, household: 0.1,
};
const KCAL: Record<string, [number, number]> = {
  wine: [110, 140], beverage: [0, 160], dairy: [90, 160], snack: [140, 260], breakfast: [150, 230],
  pantry: [20, 190], fresh: [50, 240], bakery: [160, 280], household: [0, 0],
};

function products(): Record<string, Cell>[] {
  const rng = new Rng('retail-products');
  return PRODUCTS.map(([name, category, colour, shape, shelf, country, taste, allergens]) => {
    const [lo, hi] = PRICE[category];
    const price = Math.round((lo + rng.next() * (hi - lo)) * 4) / 4 - 0.01;
    const [k0, k1] = KCAL[category];
    const kcal = Math.round(k0 + rng.next() * (k1 - k0));
    const food = category !== 'household';
    return {
      product_name: name, category, colour, shape, shelf,
      price: round2(Math.max(0.99, price)),
      tax_rate: TAX[category],
      discount: rng.pick([1, 1, 1, 1, 0.9, 0.85, 0.8]),
      country_of_origin: country,
      calories_kcal: kcal,
      protein_g: food ? round2(rng.next() * 12) : 0,
      fat_g: food ? round2(rng.next() * 14) : 0,
      sugar_g: food ? round2(rng.next() * 20) : 0,
      sodium_mg: food ? Math.round(rng.next() * 400) : 0,
      taste,
      allergens,
      expiry_date: `2026-${String(rng.int(7, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
    };
  });
}

const USERS = [
  ['maya_chen_204', 'Maya Chen', 'gold'],
  ['omar_haddad_317', 'Omar Haddad', 'silver'],
  ['lena_fischer_088', 'Lena Fischer', 'basic'],
  ['raj_patel_552', 'Raj Patel', 'gold'],
  ['sofia_rossi_731', 'Sofia Rossi', 'basic'],
  ['tom_becker_119', 'Tom Becker', 'silver'],
];

export function retail(): ScenarioSpec {
  const rows = products();
  const by = new Map(rows.map((r) => [r.product_name as string, r]));
  const cartRow = (user: string, name: string, qty: number) => {
    const p = by.get(name)!;
    return { user_id: user, product_name: name, qty, category: p.category, price: p.price, tax_rate: p.tax_rate, discount: p.discount };
  };
  const carts = [
    cartRow('maya_chen_204', 'Whole Farm Milk', 2),
    cartRow('maya_chen_204', 'Sourdough Loaf', 1),
    cartRow('omar_haddad_317', 'Cola Classic', 6),
    cartRow('omar_haddad_317', 'Sea Salt Crisps', 2),
    cartRow('lena_fischer_088', 'Greek Yogurt', 3),
    cartRow('raj_patel_552', 'Basmati Rice', 1),
    cartRow('raj_patel_552', 'Red Lentils', 2),
    cartRow('raj_patel_552', 'Coconut Cream', 2),
    cartRow('tom_becker_119', 'Castello Rosso Chianti', 1),
  ];
  const lists = [
    { user_id: 'maya_chen_204', product_name: 'Gala Apples', qty: 6 },
    { user_id: 'sofia_rossi_731', product_name: 'Penne Rigate', qty: 2 },
    { user_id: 'sofia_rossi_731', product_name: 'Tomato Passata', qty: 2 },
    { user_id: 'tom_becker_119', product_name: 'Paper Towels', qty: 1 },
  ];
  const orders = [
    { order_id: 'R-1001', user_id: 'maya_chen_204', product_name: 'Golden Acacia Honey', qty: 1, status: 'delivered', order_date: '2026-03-02' },
    { order_id: 'R-1002', user_id: 'omar_haddad_317', product_name: 'Cold Brew Coffee', qty: 4, status: 'delivered', order_date: '2026-03-11' },
    { order_id: 'R-1003', user_id: 'lena_fischer_088', product_name: 'Almond Crunch Granola', qty: 2, status: 'shipped', order_date: '2026-04-01' },
    { order_id: 'R-1004', user_id: 'raj_patel_552', product_name: 'Hass Avocado', qty: 3, status: 'cancelled', order_date: '2026-04-03' },
  ];
  const P = 'products';
  const pn = str('Product name; a partial name matches every product containing it.', { 'x-match': { entity: 'products.product_name' } });
  const uid = str('The user id, e.g. maya_chen_204.');
  const items = {
    type: 'array',
    description: 'Products and quantities.',
    items: params({ product_name: pn, quantity: int('How many.', { minimum: 1 }) }, ['product_name', 'quantity']),
  };
  const tools: ToolDef[] = [
    readTool('find_products_by_name', 'Find products whose name contains the text (case-insensitive).',
      params({ name: str('Part of a product name.') }, ['name']),
      `SELECT product_name, category, price FROM ${P} WHERE ${fuzzy('product_name', 'name')} ORDER BY product_name`,
      { products: '$rows.rows', count: '$count.rows' }),
    readTool('find_products_by_colour', 'Find products by the colour of their packaging, optionally on one shelf.',
      params({ colour: str('Packaging colour, e.g. red.'), shelf: str('top, middle or bottom.', { enum: ['top', 'middle', 'bottom'] }) }, ['colour']),
      `SELECT product_name, colour, shape, shelf FROM ${P} WHERE lower(colour) = lower(:colour) AND (:shelf IS NULL OR shelf = :shelf) ORDER BY product_name`,
      { products: '$rows.rows', count: '$count.rows' }),
    readTool('find_products_by_country_of_origin', 'List the products from a country.',
      params({ country: str('Country of origin.') }, ['country']),
      `SELECT product_name, category FROM ${P} WHERE ${fuzzy('country_of_origin', 'country')} ORDER BY product_name`,
      { product_names: '$column.rows.product_name', count: '$count.rows' }),
    readTool('find_products_by_taste', 'List the products with a taste profile.',
      params({ taste: str('Taste, e.g. sweet, bitter, nutty.') }, ['taste']),
      `SELECT product_name, category, taste FROM ${P} WHERE ${fuzzy('taste', 'taste')} ORDER BY product_name`,
      { products: '$rows.rows', count: '$count.rows' }),
    readTool('find_products_without_allergen', 'Products that do not contain an allergen, optionally in one category.',
      params({ allergen: str('Allergen, e.g. gluten, milk, nuts.'), category: str('Category, e.g. snack.') }, ['allergen']),
      `SELECT product_name, category, price, allergens FROM ${P} WHERE lower(allergens) NOT LIKE '%' || lower(:allergen) || '%' AND (:category IS NULL OR lower(category) = lower(:category)) ORDER BY product_name`,
      { products: '$rows.rows', count: '$count.rows' }),
    readTool('find_products_by_price_range', 'Products whose shelf price is within a range, optionally in one category.',
      params({ min_price: num('Lowest price.', { minimum: 0 }), max_price: num('Highest price.', { minimum: 0 }), category: str('Category.') }, ['min_price', 'max_price']),
      `SELECT product_name, category, price FROM ${P} WHERE price >= :min_price AND price <= :max_price AND (:category IS NULL OR lower(category) = lower(:category)) ORDER BY price, product_name`,
      { products: '$rows.rows', count: '$count.rows' }),
    readTool('get_price', 'Shelf price of the products matching a name.',
      params({ product_name: pn }, ['product_name']),
      `SELECT product_name, price FROM ${P} WHERE ${fuzzy('product_name', 'product_name')} ORDER BY product_name`,
      { products: '$rows.rows', count: '$count.rows' }),
    {
      name: 'get_product_details', description: 'Category, price, tax rate and discount factor of one product (final price = price x discount).', effect: 'read',
      parameters: params({ product_name: pn }, ['product_name']),
      steps: [{ as: 'p', sql: `SELECT product_name, category, price, tax_rate, discount, shelf FROM ${P} WHERE ${fuzzy('product_name', 'product_name')} ORDER BY product_name`, expect: 'some', error: "No product matches '{product_name}'." }],
      returns: { products: '$rows.p' },
    },
    readTool('get_nutrition', 'Nutrition per serving of the products matching a name.',
      params({ product_name: pn }, ['product_name']),
      `SELECT product_name, calories_kcal, protein_g, fat_g, sugar_g, sodium_mg FROM ${P} WHERE ${fuzzy('product_name', 'product_name')} ORDER BY product_name`,
      { nutrition: '$rows.rows' }),
    readTool('get_allergens', 'Allergens of the products matching a name.',
      params({ product_name: pn }, ['product_name']),
      `SELECT product_name, allergens FROM ${P} WHERE ${fuzzy('product_name', 'product_name')} ORDER BY product_name`,
      { products: '$rows.rows' }),
    readTool('get_origin_and_expiry', 'Country of origin and best-before date of the products matching a name.',
      params({ product_name: pn }, ['product_name']),
      `SELECT product_name, country_of_origin, expiry_date FROM ${P} WHERE ${fuzzy('product_name', 'product_name')} ORDER BY product_name`,
      { products: '$rows.rows' }),
    {
      name: 'add_to_cart', description: "Add a product to a user's cart with its category, unit price, tax rate and discount factor; an existing line grows by qty.", effect: 'write',
      parameters: params({
        user_id: uid, product_name: pn, qty: int('Quantity.', { minimum: 1 }), category: str('Product category.'),
        price: num('Unit shelf price.', { minimum: 0 }), tax_rate: num('Tax rate, e.g. 0.05.', { minimum: 0, maximum: 1 }),
        discount: num('Discount factor, 1 = full price.', { minimum: 0, maximum: 1 }),
      }, ['user_id', 'product_name', 'qty', 'category', 'price', 'tax_rate', 'discount']),
      steps: [
        { sql: 'SELECT user_id FROM users WHERE user_id = :user_id', expect: 'one', error: 'Unknown user {user_id}.' },
        { sql: `SELECT product_name AS pname FROM ${P} WHERE ${fuzzy('product_name', 'product_name')}`, expect: 'one', error: "'{product_name}' does not name exactly one product.", bind: true },
        { sql: 'INSERT INTO carts (user_id, product_name, qty, category, price, tax_rate, discount) VALUES (:user_id, :pname, :qty, :category, :price, :tax_rate, :discount) ON CONFLICT (user_id, product_name) DO UPDATE SET qty = qty + excluded.qty' },
      ],
      returns: { status: 'success', message: 'Added {qty} x {pname} to the cart of {user_id}.' },
    },
    {
      name: 'remove_from_cart', description: "Remove a product line from a user's cart.", effect: 'write',
      parameters: params({ user_id: uid, product_name: pn }, ['user_id', 'product_name']),
      steps: [
        { sql: `SELECT product_name AS pname FROM carts WHERE user_id = :user_id AND ${fuzzy('product_name', 'product_name')}`, expect: 'one', error: "'{product_name}' is not (exactly once) in the cart of {user_id}.", bind: true },
        { sql: 'DELETE FROM carts WHERE user_id = :user_id AND product_name = :pname' },
      ],
      returns: { status: 'success', message: 'Removed {pname} from the cart of {user_id}.' },
    },
    {
      name: 'update_cart_quantity', description: 'Set the quantity of a product already in the cart.', effect: 'write',
      parameters: params({ user_id: uid, product_name: pn, qty: int('New quantity.', { minimum: 1 }) }, ['user_id', 'product_name', 'qty']),
      steps: [
        { sql: `SELECT product_name AS pname FROM carts WHERE user_id = :user_id AND ${fuzzy('product_name', 'product_name')}`, expect: 'one', error: "'{product_name}' is not (exactly once) in the cart of {user_id}.", bind: true },
        { sql: 'UPDATE carts SET qty = :qty WHERE user_id = :user_id AND product_name = :pname' },
      ],
      returns: { status: 'success', message: 'Set {pname} to {qty} in the cart of {user_id}.' },
    },
    readTool('get_cart', "The lines of a user's cart.", params({ user_id: uid }, ['user_id']),
      'SELECT product_name, qty, price, discount FROM carts WHERE user_id = :user_id ORDER BY product_name',
      { user_id: '$param.user_id', items: '$rows.rows', count: '$count.rows' }),
    {
      name: 'compute_total_payment', description: 'Total to pay for a list of products: sum of price x discount x quantity, plus tax.', effect: 'read',
      parameters: params({ user_id: uid, products: items }, ['user_id', 'products']),
      steps: [
        { sql: 'SELECT user_id FROM users WHERE user_id = :user_id', expect: 'one', error: 'Unknown user {user_id}.' },
        { as: 't', sql: `SELECT round(sum(p.price * p.discount * json_extract(j.value, '$.quantity')), 2) AS subtotal, round(sum(p.price * p.discount * p.tax_rate * json_extract(j.value, '$.quantity')), 2) AS tax, round(sum(p.price * p.discount * (1 + p.tax_rate) * json_extract(j.value, '$.quantity')), 2) AS total FROM json_each(:products) j JOIN ${P} p ON lower(p.product_name) = lower(json_extract(j.value, '$.product_name'))` },
      ],
      returns: { user_id: '$param.user_id', payment: '$first.t' },
    },
    {
      name: 'compute_total_nutrition', description: 'Total nutrition of a list of products (per serving x quantity).', effect: 'read',
      parameters: params({ user_id: uid, products: items }, ['user_id', 'products']),
      steps: [
        { sql: 'SELECT user_id FROM users WHERE user_id = :user_id', expect: 'one', error: 'Unknown user {user_id}.' },
        { as: 't', sql: `SELECT round(sum(p.calories_kcal * json_extract(j.value, '$.quantity')), 2) AS calories_kcal, round(sum(p.protein_g * json_extract(j.value, '$.quantity')), 2) AS protein_g, round(sum(p.fat_g * json_extract(j.value, '$.quantity')), 2) AS fat_g, round(sum(p.sugar_g * json_extract(j.value, '$.quantity')), 2) AS sugar_g, round(sum(p.sodium_mg * json_extract(j.value, '$.quantity')), 2) AS sodium_mg, count(*) AS lines FROM json_each(:products) j JOIN ${P} p ON lower(p.product_name) = lower(json_extract(j.value, '$.product_name'))` },
      ],
      returns: { user_id: '$param.user_id', total_nutrition: '$first.t' },
    },
    {
      name: 'add_to_shopping_list', description: "Put a product on a user's shopping list for later.", effect: 'write',
      parameters: params({ user_id: uid, product_name: pn, qty: int('Quantity.', { minimum: 1 }) }, ['user_id', 'product_name', 'qty']),
      steps: [
        { sql: 'SELECT user_id FROM users WHERE user_id = :user_id', expect: 'one', error: 'Unknown user {user_id}.' },
        { sql: `SELECT product_name AS pname FROM ${P} WHERE ${fuzzy('product_name', 'product_name')}`, expect: 'one', error: "'{product_name}' does not name exactly one product.", bind: true },
        { sql: 'INSERT INTO shopping_lists (user_id, product_name, qty) VALUES (:user_id, :pname, :qty) ON CONFLICT (user_id, product_name) DO UPDATE SET qty = qty + excluded.qty' },
      ],
      returns: { status: 'success', message: 'Put {qty} x {pname} on the shopping list of {user_id}.' },
    },
    readTool('get_shopping_list', "The products on a user's shopping list.", params({ user_id: uid }, ['user_id']),
      'SELECT product_name, qty FROM shopping_lists WHERE user_id = :user_id ORDER BY product_name',
      { user_id: '$param.user_id', items: '$rows.rows' }),
    readTool('get_order_history', "A user's past orders.", params({ user_id: uid }, ['user_id']),
      'SELECT order_id, product_name, qty, status, order_date FROM orders WHERE user_id = :user_id ORDER BY order_date',
      { orders: '$rows.rows' }),
  ];

  return {
    id: 'retail',
    entity: { table: 'products', column: 'product_name' },
    rowOf: (r) => ({ top: 0, middle: 1, bottom: 2 })[r.shelf as string] ?? 1,
    tagOf: (r) => `$${(r.price as number).toFixed(2)}`,
    users: USERS.map((u) => u[0]),
    tables: [
      { name: 'users', create: 'CREATE TABLE users (user_id TEXT PRIMARY KEY, name TEXT NOT NULL, loyalty_tier TEXT)', rows: USERS.map(([user_id, name, loyalty_tier]) => ({ user_id, name, loyalty_tier })) },
      {
        name: 'products',
        create: `CREATE TABLE products (
  product_name TEXT PRIMARY KEY, category TEXT NOT NULL, colour TEXT NOT NULL, shape TEXT NOT NULL, shelf TEXT NOT NULL,
  price REAL NOT NULL, tax_rate REAL NOT NULL, discount REAL NOT NULL, country_of_origin TEXT NOT NULL,
  calories_kcal REAL, protein_g REAL, fat_g REAL, sugar_g REAL, sodium_mg REAL, taste TEXT, allergens TEXT, expiry_date TEXT)`,
        rows,
      },
      { name: 'carts', create: 'CREATE TABLE carts (user_id TEXT NOT NULL, product_name TEXT NOT NULL, qty INTEGER NOT NULL, category TEXT, price REAL, tax_rate REAL, discount REAL, PRIMARY KEY (user_id, product_name))', rows: carts },
      { name: 'shopping_lists', create: 'CREATE TABLE shopping_lists (user_id TEXT NOT NULL, product_name TEXT NOT NULL, qty INTEGER NOT NULL, PRIMARY KEY (user_id, product_name))', rows: lists },
      { name: 'orders', create: 'CREATE TABLE orders (order_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, product_name TEXT NOT NULL, qty INTEGER NOT NULL, status TEXT NOT NULL, order_date TEXT NOT NULL)', rows: orders },
    ],
    state_tables: ['carts', 'shopping_lists'],
    tools,
    tasks: TASKS,
  };
}

const M = 'maya_chen_204';
const O = 'omar_haddad_317';
const L = 'lena_fischer_088';
const R = 'raj_patel_552';
const S = 'sofia_rossi_731';
const T = 'tom_becker_119';
const STATIC_TAIL = '';

const TASKS: ScenarioSpec['tasks'] = [
  {
    id: 'retail-01', user_id: M, backdrop: 'shelf',
    instruction: `You are a budget-conscious shopper (User ID: ${M}) browsing the wine shelf. Focus on the third bottle you pointed at with your right index finger. First ask the AI Service Agent for its price. Then ask it to look for other wines from the same country of origin that cost less. If there are any, add the cheapest of them to your cart; if none exist, add the bottle you pointed at (one bottle). Finally ask for the total nutrition of everything in your cart.`,
    image_description: 'You stand in front of the top wine shelf and point at three bottles in turn with your right index finger: a red one, a green one, then a black one.',
    actions: [['point', 'Castello Rosso Chianti', 'right'], ['point', 'Kiwi Coast Sauvignon', 'right'], ['point', 'Domaine Lune Bordeaux', 'right']],
    refs: [{ description: 'the third bottle I pointed at', entity: 'Domaine Lune Bordeaux', action: 2 }],
    turns: [
      { user: `My user_id is ${M}. What is the price of the third bottle of wine I just pointed at?`, calls: [call('get_price', { product_name: 'Domaine Lune Bordeaux' })] },
      { user: 'Are there other wines from the same country that are cheaper? If so add the cheapest one to my cart, otherwise add one bottle of the one I pointed at.', calls: [
        call('get_origin_and_expiry', { product_name: 'Domaine Lune Bordeaux' }),
        call('find_products_by_country_of_origin', { country: 'France' }),
        call('get_product_details', { product_name: 'Domaine Lune Bordeaux' }),
        call('add_to_cart', { user_id: M, product_name: 'Domaine Lune Bordeaux', qty: 1, category: 'wine', price: 30.74, tax_rate: 0.12, discount: 1 }),
      ] },
      { user: 'Now please calculate the total nutrition of everything in my cart.', calls: [
        call('get_cart', { user_id: M }),
        call('compute_total_nutrition', { user_id: M, products: [{ product_name: 'Domaine Lune Bordeaux', quantity: 1 }, { product_name: 'Sourdough Loaf', quantity: 1 }, { product_name: 'Whole Farm Milk', quantity: 2 }] }),
      ] },
    ],
    wrong_branch: { at: 1, calls: [
      call('get_origin_and_expiry', { product_name: 'Domaine Lune Bordeaux' }),
      call('find_products_by_country_of_origin', { country: 'France' }),
      call('get_product_details', { product_name: 'Strawberry Jam' }),
      call('add_to_cart', { user_id: M, product_name: 'Strawberry Jam', qty: 1, category: 'pantry', price: 7.24, tax_rate: 0.05, discount: 0.8 }),
    ] },
  },
  {
    id: 'retail-02', user_id: O, backdrop: 'shelf',
    instruction: `You are a snacker watching calories (User ID: ${O}). You picked up a red bag with your left hand and a white bag with your right hand. Ask the AI Service Agent which of the two has fewer calories per serving and add two of that one to your cart. If the one you add contains any allergen, also put one bag of the other on your shopping list.`,
    image_description: 'At the snack shelf you take a red bag of crisps with your left hand, then a white bag with your right hand, and hold both.',
    actions: [['pick', 'Paprika Crisps', 'left'], ['pick', 'Rice Crackers', 'right']],
    refs: [
      { description: 'the red bag in my left hand', entity: 'Paprika Crisps', action: 0 },
      { description: 'the white bag in my right hand', entity: 'Rice Crackers', action: 1 },
    ],
    turns: [
      { user: `Hi, I'm ${O}. Which of the two bags I'm holding has fewer calories per serving? Add two of that one to my cart.`, calls: [
        call('get_nutrition', { product_name: 'Paprika Crisps' }),
        call('get_nutrition', { product_name: 'Rice Crackers' }),
        call('get_product_details', { product_name: 'Rice Crackers' }),
        call('add_to_cart', { user_id: O, product_name: 'Rice Crackers', qty: 2, category: 'snack', price: 4.74, tax_rate: 0.08, discount: 1 }),
      ] },
      { user: 'Does the one you added contain any allergen? If it does, put one bag of the other one on my shopping list.', calls: [
        call('get_allergens', { product_name: 'Rice Crackers' }),
        call('add_to_shopping_list', { user_id: O, product_name: 'Paprika Crisps', qty: 1 }),
      ] },
    ],
    wrong_branch: { at: 0, calls: [
      call('get_nutrition', { product_name: 'Paprika Crisps' }),
      call('get_nutrition', { product_name: 'Rice Crackers' }),
      call('get_product_details', { product_name: 'Paprika Crisps' }),
      call('add_to_cart', { user_id: O, product_name: 'Paprika Crisps', qty: 2, category: 'snack', price: 4.99, tax_rate: 0.08, discount: 0.8 }),
    ] },
  },
  {
    id: 'retail-03', user_id: L, backdrop: 'shelf',
    instruction: `You avoid gluten (User ID: ${L}). You tapped the gold cereal box on the middle shelf. Ask the AI Service Agent whether it contains gluten. If it does, ask for snacks without gluten and add the cheapest one to your cart (one pack); if several tie for the lowest price, add one of each. If it does not, add the cereal. Finally ask how much your whole cart costs.`,
    image_description: 'You look along the middle shelf of cereals and snacks and tap the gold cereal box with your right index finger, after brushing past a yellow granola box.',
    actions: [['point', 'Almond Crunch Granola', 'right'], ['tap', 'Honey Oat Cereal', 'right']],
    extra: ['Sea Salt Crisps', 'Dark Cocoa Bar', 'Choco Puffs Cereal'],
    refs: [{ description: 'the gold cereal box I tapped', entity: 'Honey Oat Cereal', action: 1 }],
    turns: [
      { user: `I'm ${L}. Does the gold cereal box I just tapped contain gluten?`, calls: [call('get_allergens', { product_name: 'Honey Oat Cereal' })] },
      { user: 'Then please find snacks without gluten and add the cheapest one to my cart, one pack. If several are equally cheap, add one of each.', calls: [
        call('find_products_without_allergen', { allergen: 'gluten', category: 'snack' }),
        call('get_product_details', { product_name: 'Dark Cocoa Bar' }),
        call('add_to_cart', { user_id: L, product_name: 'Dark Cocoa Bar', qty: 1, category: 'snack', price: 2.49, tax_rate: 0.08, discount: 1 }),
        call('get_product_details', { product_name: 'Sea Salt Crisps' }),
        call('add_to_cart', { user_id: L, product_name: 'Sea Salt Crisps', qty: 1, category: 'snack', price: 2.49, tax_rate: 0.08, discount: 1 }),
      ] },
      { user: 'What does my whole cart cost now?', calls: [
        call('get_cart', { user_id: L }),
        call('compute_total_payment', { user_id: L, products: [{ product_name: 'Dark Cocoa Bar', quantity: 1 }, { product_name: 'Greek Yogurt', quantity: 3 }, { product_name: 'Sea Salt Crisps', quantity: 1 }] }),
      ] },
    ],
    wrong_branch: { at: 1, calls: [
      call('get_product_details', { product_name: 'Honey Oat Cereal' }),
      call('add_to_cart', { user_id: L, product_name: 'Honey Oat Cereal', qty: 1, category: 'breakfast', price: 3.99, tax_rate: 0.05, discount: 1 }),
    ] },
  },
  {
    id: 'retail-04', user_id: R, backdrop: 'shelf',
    instruction: `You are restocking for a curry night (User ID: ${R}). You picked up the white can with your right hand; it is already in your cart. Ask the AI Service Agent whether it is discounted: if its discount factor is below 0.9, set its quantity in your cart to 4; otherwise remove it from your cart. Then put two bags of the orange bag you pointed at on your shopping list.`,
    image_description: 'On the bottom shelf you pick up a white can with your right hand, then point with your left hand at an orange bag nearby.',
    actions: [['pick', 'Coconut Cream', 'right'], ['point', 'Red Lentils', 'left']],
    extra: ['Chickpeas in Brine', 'Basmati Rice'],
    refs: [
      { description: 'the white can in my right hand', entity: 'Coconut Cream', action: 0 },
      { description: 'the orange bag I pointed at', entity: 'Red Lentils', action: 1 },
    ],
    turns: [
      { user: `User ${R} here. Is the white can in my right hand discounted? If its discount factor is below 0.9, make it 4 in my cart, otherwise take it out of my cart.`, calls: [
        call('get_product_details', { product_name: 'Coconut Cream' }),
        call('update_cart_quantity', { user_id: R, product_name: 'Coconut Cream', qty: 4 }),
      ] },
      { user: 'Also put two bags of the orange bag I pointed at on my shopping list.', calls: [
        call('add_to_shopping_list', { user_id: R, product_name: 'Red Lentils', qty: 2 }),
      ] },
    ],
    wrong_branch: { at: 0, calls: [
      call('get_product_details', { product_name: 'Coconut Cream' }),
      call('remove_from_cart', { user_id: R, product_name: 'Coconut Cream' }),
    ] },
  },
  {
    id: 'retail-05', user_id: S, backdrop: 'shelf',
    instruction: `You cook pasta tonight (User ID: ${S}). You pointed first at a green bottle of oil, then at a yellow one, on the bottom shelf. Ask the AI Service Agent which of the two is cheaper after its discount and add one bottle of it to your cart. Then ask it to check your shopping list: if Penne Rigate is on it, add that many packs of Penne Rigate to your cart.`,
    image_description: 'You crouch at the bottom shelf and point at a green bottle of oil, then at a yellow bottle of oil beside it.',
    actions: [['point', 'Extra Virgin Olive Oil', 'right'], ['point', 'Sunflower Oil', 'right']],
    extra: ['Apple Cider Vinegar', 'Penne Rigate', 'Tomato Passata'],
    refs: [
      { description: 'the green bottle I pointed at first', entity: 'Extra Virgin Olive Oil', action: 0 },
      { description: 'the yellow bottle I pointed at second', entity: 'Sunflower Oil', action: 1 },
    ],
    turns: [
      { user: `I'm ${S}. Which of the two oils I pointed at is cheaper after discount? Add one bottle of it to my cart.`, calls: [
        call('get_product_details', { product_name: 'Extra Virgin Olive Oil' }),
        call('get_product_details', { product_name: 'Sunflower Oil' }),
        call('add_to_cart', { user_id: S, product_name: 'Extra Virgin Olive Oil', qty: 1, category: 'pantry', price: 1.99, tax_rate: 0.05, discount: 0.85 }),
      ] },
      { user: 'Please check my shopping list. If Penne Rigate is on it, add that many packs of it to my cart.', calls: [
        call('get_shopping_list', { user_id: S }),
        call('get_product_details', { product_name: 'Penne Rigate' }),
        call('add_to_cart', { user_id: S, product_name: 'Penne Rigate', qty: 2, category: 'pantry', price: 4.24, tax_rate: 0.05, discount: 0.9 }),
      ] },
    ],
    wrong_branch: { at: 0, calls: [
      call('get_product_details', { product_name: 'Extra Virgin Olive Oil' }),
      call('get_product_details', { product_name: 'Sunflower Oil' }),
      call('add_to_cart', { user_id: S, product_name: 'Sunflower Oil', qty: 1, category: 'pantry', price: 5.24, tax_rate: 0.05, discount: 0.8 }),
    ] },
  },
  {
    id: 'retail-06', user_id: T, backdrop: 'shelf',
    instruction: `You are picking wine for a dinner (User ID: ${T}). You took a teal bottle with your left hand and a gold bottle with your right hand. Ask the AI Service Agent for both prices. If both cost under 15, add one of each to your cart; otherwise add only the cheaper one. Finally ask for the total payment of your cart.`,
    image_description: 'At the top wine shelf you take a teal bottle with your left hand, point briefly at a purple bottle, then take a gold bottle with your right hand.',
    actions: [['pick', 'Vino Verde Fresco', 'left'], ['point', 'Bodega Sol Malbec', 'right'], ['pick', 'Alpine Spring Riesling', 'right']],
    refs: [
      { description: 'the teal bottle in my left hand', entity: 'Vino Verde Fresco', action: 0 },
      { description: 'the gold bottle in my right hand', entity: 'Alpine Spring Riesling', action: 2 },
    ],
    turns: [
      { user: `My id is ${T}. How much are the two bottles I'm holding?`, calls: [
        call('get_price', { product_name: 'Vino Verde Fresco' }),
        call('get_price', { product_name: 'Alpine Spring Riesling' }),
      ] },
      { user: 'If both are under 15, add one of each to my cart. Otherwise only add the cheaper one.', calls: [
        call('get_product_details', { product_name: 'Vino Verde Fresco' }),
        call('add_to_cart', { user_id: T, product_name: 'Vino Verde Fresco', qty: 1, category: 'wine', price: 11.49, tax_rate: 0.12, discount: 1 }),
        call('get_product_details', { product_name: 'Alpine Spring Riesling' }),
        call('add_to_cart', { user_id: T, product_name: 'Alpine Spring Riesling', qty: 1, category: 'wine', price: 11.24, tax_rate: 0.12, discount: 0.8 }),
      ] },
      { user: 'What is the total payment for my cart?', calls: [
        call('get_cart', { user_id: T }),
        call('compute_total_payment', { user_id: T, products: [{ product_name: 'Alpine Spring Riesling', quantity: 1 }, { product_name: 'Castello Rosso Chianti', quantity: 1 }, { product_name: 'Vino Verde Fresco', quantity: 1 }] }),
      ] },
    ],
    wrong_branch: { at: 1, calls: [
      call('get_product_details', { product_name: 'Alpine Spring Riesling' }),
      call('add_to_cart', { user_id: T, product_name: 'Alpine Spring Riesling', qty: 1, category: 'wine', price: 11.24, tax_rate: 0.12, discount: 0.8 }),
    ] },
  },
];
void STATIC_TAIL;
