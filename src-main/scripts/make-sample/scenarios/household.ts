// Household: appliances and fixtures around a home. Visible: name label, colour, shape, height.
// Hidden: room, brand, purchase date, warranty, energy use, maintenance history, supplies.
import type { ToolDef } from '../../../../shared/format/types';
import { Rng, round2 } from '../prng';
import { call, fuzzy, int, num, params, readTool, str, type Cell, type ScenarioSpec } from '../model';

type H = [name: string, room: string, category: string, colour: string, shape: string, height: string];
const ITEMS: H[] = [
  ['Espresso Machine', 'kitchen', 'appliance', 'silver', 'box', 'middle'],
  ['Electric Kettle', 'kitchen', 'appliance', 'white', 'jar', 'middle'],
  ['Toaster Oven', 'kitchen', 'appliance', 'black', 'box', 'middle'],
  ['Microwave Oven', 'kitchen', 'appliance', 'grey', 'box', 'high'],
  ['Blender Pro', 'kitchen', 'appliance', 'red', 'tall', 'middle'],
  ['Dishwasher', 'kitchen', 'appliance', 'silver', 'crate', 'low'],
  ['Washing Machine', 'laundry', 'appliance', 'white', 'crate', 'low'],
  ['Tumble Dryer', 'laundry', 'appliance', 'grey', 'crate', 'low'],
  ['Robot Vacuum', 'living room', 'appliance', 'black', 'round', 'low'],
  ['Air Purifier', 'bedroom', 'appliance', 'white', 'tall', 'low'],
  ['Ceiling Fan', 'living room', 'fixture', 'brown', 'flat', 'high'],
  ['Space Heater', 'office', 'appliance', 'orange', 'box', 'low'],
  ['Dehumidifier', 'basement', 'appliance', 'blue', 'tall', 'low'],
  ['Smart Thermostat', 'hallway', 'fixture', 'white', 'round', 'high'],
  ['Smoke Detector', 'hallway', 'fixture', 'white', 'round', 'high'],
  ['Water Filter Pitcher', 'kitchen', 'appliance', 'blue', 'jar', 'middle'],
  ['Rice Cooker', 'kitchen', 'appliance', 'cream', 'can', 'middle'],
  ['Slow Cooker', 'kitchen', 'appliance', 'brown', 'drum', 'middle'],
  ['Hair Dryer', 'bathroom', 'appliance', 'black', 'bottle', 'middle'],
  ['Steam Iron', 'laundry', 'appliance', 'purple', 'bag', 'middle'],
  ['Standing Lamp', 'living room', 'fixture', 'gold', 'tall', 'low'],
  ['Wall Clock', 'kitchen', 'fixture', 'white', 'round', 'high'],
  ['Monstera Plant', 'living room', 'plant', 'green', 'bag', 'low'],
  ['Laundry Basket', 'laundry', 'furniture', 'teal', 'crate', 'low'],
  ['First Aid Box', 'bathroom', 'safety', 'red', 'box', 'high'],
  ['Fire Blanket', 'kitchen', 'safety', 'red', 'flat', 'high'],
  ['Electric Toothbrush', 'bathroom', 'appliance', 'pink', 'bottle', 'middle'],
];
const BRANDS = ['Kelvia', 'Norrland', 'Hoshi', 'Bravio', 'Casaluna'];
const SET: Record<string, Record<string, Cell>> = {
  'Hair Dryer': { warranty_until: '2026-08-30' },
  'Washing Machine': { energy_kwh_per_use: 1.1 },
  'Tumble Dryer': { energy_kwh_per_use: 2.6 },
  'Water Filter Pitcher': { brand: 'Kelvia' },
};
const SUPPLIES = [
  ['Kelvia Filter Cartridge', 'Water Filter Pitcher', 7.5], ['Universal Pitcher Filter', 'Water Filter Pitcher', 5.9], ['Descaling Tablets', 'Espresso Machine', 8.9],
  ['Espresso Cleaning Brush', 'Espresso Machine', 4.5], ['HEPA Filter H13', 'Air Purifier', 24.9], ['Vacuum Side Brushes', 'Robot Vacuum', 12.5],
  ['Dishwasher Tablets', 'Dishwasher', 9.9], ['Laundry Detergent', 'Washing Machine', 11.5], ['Dryer Sheets', 'Tumble Dryer', 4.2],
  ['Lithium Alarm Battery', 'Smoke Detector', 6.8], ['Toothbrush Heads', 'Electric Toothbrush', 14.9], ['AA Batteries', 'Wall Clock', 5.5],
];
const USERS = ['grace_liu_999', 'tomas_kral_361', 'amara_diallo_428', 'noah_fischer_205', 'yuki_sato_812', 'bea_costa_577'];

export function household(): ScenarioSpec {
  const rng = new Rng('household-items');
  const items: Record<string, Cell>[] = ITEMS.map(([item_name, room, category, colour, shape, height]) => {
    const year = rng.int(2021, 2025);
    const row: Record<string, Cell> = {
      item_name, room, category, colour, shape, height, brand: rng.pick(BRANDS),
      purchase_date: `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
      warranty_until: `${year + 2}-${String(rng.int(1, 12)).padStart(2, '0')}-15`,
      energy_kwh_per_use: category === 'appliance' ? round2(0.02 + rng.next() * 1.5) : 0,
    };
    return { ...row, ...(SET[item_name] ?? {}) };
  });
  const maintenance = [
    { item_name: 'Espresso Machine', date: '2025-06-02', action: 'descale', cost: 0 },
    { item_name: 'Espresso Machine', date: '2025-12-14', action: 'descale', cost: 0 },
    { item_name: 'Air Purifier', date: '2025-09-20', action: 'replace filter', cost: 24.9 },
    { item_name: 'Robot Vacuum', date: '2026-02-03', action: 'general service', cost: 35 },
    { item_name: 'Dehumidifier', date: '2025-07-19', action: 'general service', cost: 40 },
    { item_name: 'Dishwasher', date: '2026-01-08', action: 'clean filter', cost: 0 },
    { item_name: 'Smoke Detector', date: '2025-11-01', action: 'test alarm', cost: 0 },
    { item_name: 'Washing Machine', date: '2025-10-22', action: 'drum clean', cost: 0 },
  ];
  const chores = [
    { user_id: 'amara_diallo_428', item_name: 'Tumble Dryer', chore: 'dry laundry', due_date: '2026-04-27', priority: 'normal', status: 'open' },
    { user_id: 'noah_fischer_205', item_name: 'Smoke Detector', chore: 'test alarm', due_date: '2026-04-26', priority: 'high', status: 'open' },
    { user_id: 'grace_liu_999', item_name: 'Dishwasher', chore: 'clean filter', due_date: '2026-05-01', priority: 'low', status: 'open' },
    { user_id: 'bea_costa_577', item_name: 'Ceiling Fan', chore: 'dust blades', due_date: '2026-04-30', priority: 'low', status: 'done' },
  ];
  const shopping = [
    { user_id: 'yuki_sato_812', supply_name: 'AA Batteries', quantity: 4 },
    { user_id: 'yuki_sato_812', supply_name: 'Dishwasher Tablets', quantity: 1 },
    { user_id: 'tomas_kral_361', supply_name: 'Laundry Detergent', quantity: 1 },
  ];
  const itm = str('Item name; a partial name matches every item containing it.', { 'x-match': { entity: 'items.item_name' } });
  const sup = str('Supply name.', { 'x-match': { entity: 'supplies.supply_name' } });
  const uid = str('The user id.');
  const userCheck = { sql: 'SELECT user_id FROM users WHERE user_id = :user_id', expect: 'one' as const, error: 'Unknown user {user_id}.' };
  const oneItem = { sql: `SELECT item_name AS iname FROM items WHERE ${fuzzy('item_name', 'item_name')}`, expect: 'one' as const, error: "'{item_name}' does not name exactly one item.", bind: true };
  const tools: ToolDef[] = [
    readTool('find_items_by_name', 'Household items whose name contains the text.', params({ name: str('Part of a name.') }, ['name']),
      `SELECT item_name, room, category FROM items WHERE ${fuzzy('item_name', 'name')} ORDER BY item_name`, { items: '$rows.rows', count: '$count.rows' }),
    readTool('find_items_by_room', 'Items in a room.', params({ room: str('Room, e.g. kitchen.') }, ['room']),
      `SELECT item_name, category FROM items WHERE ${fuzzy('room', 'room')} ORDER BY item_name`, { items: '$rows.rows' }),
    readTool('find_items_by_colour', 'Items of a colour.', params({ colour: str('Colour.') }, ['colour']),
      'SELECT item_name, room, shape FROM items WHERE lower(colour) = lower(:colour) ORDER BY item_name', { items: '$rows.rows' }),
    readTool('get_item_details', 'Room, brand, purchase date and warranty end of the items matching a name.', params({ item_name: itm }, ['item_name']),
      `SELECT item_name, room, brand, purchase_date, warranty_until FROM items WHERE ${fuzzy('item_name', 'item_name')} ORDER BY item_name`, { items: '$rows.rows' }),
    readTool('get_maintenance_history', 'Past maintenance of an item, oldest first.', params({ item_name: itm }, ['item_name']),
      `SELECT item_name, date, action, cost FROM maintenance_log WHERE ${fuzzy('item_name', 'item_name')} ORDER BY item_name, date`, { history: '$rows.rows', count: '$count.rows' }),
    readTool('get_energy_use', 'Energy use per run (kWh) of the items matching a name.', params({ item_name: itm }, ['item_name']),
      `SELECT item_name, energy_kwh_per_use FROM items WHERE ${fuzzy('item_name', 'item_name')} ORDER BY item_name`, { items: '$rows.rows' }),
    {
      name: 'compute_total_energy', description: 'Total energy (kWh) of a number of runs of several appliances.', effect: 'read',
      parameters: params({ user_id: uid, appliances: { type: 'array', description: 'Appliances and runs.', items: params({ item_name: itm, uses: int('Runs.', { minimum: 1 }) }, ['item_name', 'uses']) } }, ['user_id', 'appliances']),
      steps: [userCheck, { as: 't', sql: "SELECT round(sum(i.energy_kwh_per_use * json_extract(j.value, '$.uses')), 2) AS total_kwh FROM json_each(:appliances) j JOIN items i ON lower(i.item_name) = lower(json_extract(j.value, '$.item_name'))" }],
      returns: { user_id: '$param.user_id', energy: '$first.t' },
    },
    readTool('find_supplies_for_item', 'Consumables and spare parts for an item, cheapest first.', params({ item_name: itm }, ['item_name']),
      `SELECT supply_name, price FROM supplies WHERE ${fuzzy('for_item', 'item_name')} ORDER BY price, supply_name`, { supplies: '$rows.rows' }),
    {
      name: 'schedule_chore', description: 'Schedule a chore on an item for a user.', effect: 'write',
      parameters: params({ user_id: uid, item_name: itm, chore: str('What to do, e.g. descale.'), due_date: str('YYYY-MM-DD.'), priority: str('Priority.', { enum: ['low', 'normal', 'high'] }) }, ['user_id', 'item_name', 'chore', 'due_date', 'priority']),
      steps: [userCheck, oneItem, { sql: "INSERT INTO chores (user_id, item_name, chore, due_date, priority, status) VALUES (:user_id, :iname, :chore, :due_date, :priority, 'open')" }],
      returns: { status: 'success', message: 'Scheduled {chore} on {iname} for {due_date}.' },
    },
    {
      name: 'complete_chore', description: 'Mark an open chore as done.', effect: 'write',
      parameters: params({ user_id: uid, item_name: itm, chore: str('The chore.') }, ['user_id', 'item_name', 'chore']),
      steps: [{ sql: `SELECT rowid AS cid FROM chores WHERE user_id = :user_id AND ${fuzzy('item_name', 'item_name')} AND lower(chore) = lower(:chore) AND status = 'open'`, expect: 'one', error: 'No open chore {chore} on {item_name} for {user_id}.', bind: true },
        { sql: "UPDATE chores SET status = 'done' WHERE rowid = :cid" }],
      returns: { status: 'success', message: 'Marked {chore} on {item_name} as done.' },
    },
    {
      name: 'cancel_chore', description: 'Cancel an open chore.', effect: 'write',
      parameters: params({ user_id: uid, item_name: itm, chore: str('The chore.') }, ['user_id', 'item_name', 'chore']),
      steps: [{ sql: `SELECT rowid AS cid FROM chores WHERE user_id = :user_id AND ${fuzzy('item_name', 'item_name')} AND lower(chore) = lower(:chore) AND status = 'open'`, expect: 'one', error: 'No open chore {chore} on {item_name} for {user_id}.', bind: true },
        { sql: 'DELETE FROM chores WHERE rowid = :cid' }],
      returns: { status: 'success', message: 'Cancelled {chore} on {item_name}.' },
    },
    readTool('get_chores', "A user's chores.", params({ user_id: uid }, ['user_id']),
      'SELECT item_name, chore, due_date, priority, status FROM chores WHERE user_id = :user_id ORDER BY due_date', { chores: '$rows.rows' }),
    {
      name: 'log_maintenance', description: 'Record maintenance done on an item, with its cost.', effect: 'write',
      parameters: params({ user_id: uid, item_name: itm, action: str('What was done.'), cost: num('Cost.', { minimum: 0 }) }, ['user_id', 'item_name', 'action', 'cost']),
      steps: [userCheck, oneItem, { sql: "INSERT INTO maintenance_log (item_name, date, action, cost) VALUES (:iname, '2026-04-25', :action, :cost)" }],
      returns: { status: 'success', message: 'Logged {action} on {iname}.' },
    },
    {
      name: 'add_to_shopping_list', description: "Put a supply on a user's shopping list.", effect: 'write',
      parameters: params({ user_id: uid, supply_name: sup, quantity: int('How many.', { minimum: 1 }) }, ['user_id', 'supply_name', 'quantity']),
      steps: [userCheck, { sql: `SELECT supply_name AS sname FROM supplies WHERE ${fuzzy('supply_name', 'supply_name')}`, expect: 'one', error: "'{supply_name}' does not name exactly one supply.", bind: true },
        { sql: 'INSERT INTO shopping_list (user_id, supply_name, quantity) VALUES (:user_id, :sname, :quantity) ON CONFLICT (user_id, supply_name) DO UPDATE SET quantity = quantity + excluded.quantity' }],
      returns: { status: 'success', message: 'Put {quantity} x {sname} on the shopping list.' },
    },
    {
      name: 'remove_from_shopping_list', description: "Take a supply off a user's shopping list.", effect: 'write',
      parameters: params({ user_id: uid, supply_name: sup }, ['user_id', 'supply_name']),
      steps: [{ sql: `SELECT supply_name AS sname FROM shopping_list WHERE user_id = :user_id AND ${fuzzy('supply_name', 'supply_name')}`, expect: 'one', error: "'{supply_name}' is not on the list of {user_id}.", bind: true },
        { sql: 'DELETE FROM shopping_list WHERE user_id = :user_id AND supply_name = :sname' }],
      returns: { status: 'success', message: 'Removed {sname} from the shopping list.' },
    },
    readTool('get_shopping_list', "A user's shopping list.", params({ user_id: uid }, ['user_id']),
      'SELECT supply_name, quantity FROM shopping_list WHERE user_id = :user_id ORDER BY supply_name', { items: '$rows.rows' }),
  ];
  return {
    id: 'household',
    entity: { table: 'items', column: 'item_name' },
    rowOf: (r) => ({ high: 0, middle: 1, low: 2 })[r.height as string] ?? 1,
    users: USERS,
    tables: [
      { name: 'users', create: 'CREATE TABLE users (user_id TEXT PRIMARY KEY)', rows: USERS.map((user_id) => ({ user_id })) },
      { name: 'items', create: `CREATE TABLE items (item_name TEXT PRIMARY KEY, room TEXT NOT NULL, category TEXT NOT NULL, colour TEXT NOT NULL, shape TEXT NOT NULL, height TEXT NOT NULL,
  brand TEXT NOT NULL, purchase_date TEXT NOT NULL, warranty_until TEXT NOT NULL, energy_kwh_per_use REAL NOT NULL)`, rows: items },
      { name: 'maintenance_log', create: 'CREATE TABLE maintenance_log (item_name TEXT NOT NULL, date TEXT NOT NULL, action TEXT NOT NULL, cost REAL NOT NULL)', rows: maintenance },
      { name: 'supplies', create: 'CREATE TABLE supplies (supply_name TEXT PRIMARY KEY, for_item TEXT NOT NULL, price REAL NOT NULL)', rows: SUPPLIES.map(([supply_name, for_item, price]) => ({ supply_name, for_item, price })) },
      { name: 'chores', create: 'CREATE TABLE chores (user_id TEXT NOT NULL, item_name TEXT NOT NULL, chore TEXT NOT NULL, due_date TEXT NOT NULL, priority TEXT NOT NULL, status TEXT NOT NULL)', rows: chores },
      { name: 'shopping_list', create: 'CREATE TABLE shopping_list (user_id TEXT NOT NULL, supply_name TEXT NOT NULL, quantity INTEGER NOT NULL, PRIMARY KEY (user_id, supply_name))', rows: shopping },
    ],
    state_tables: ['chores', 'shopping_list', 'maintenance_log'],
    tools,
    tasks: TASKS,
  };
}

const G = 'grace_liu_999';
const T = 'tomas_kral_361';
const A = 'amara_diallo_428';
const N = 'noah_fischer_205';
const Y = 'yuki_sato_812';
const B = 'bea_costa_577';

const TASKS: ScenarioSpec['tasks'] = [
  {
    id: 'household-01', user_id: G, backdrop: 'room',
    instruction: `You look after the kitchen (User ID: ${G}). You pointed at the silver machine on the counter. Ask the AI Service Agent when it was last descaled. If that was before 2026-03-01, schedule the chore "descale" on it for 2026-05-02 with high priority; otherwise schedule nothing.`,
    image_description: 'In the kitchen you point at a silver espresso machine on the counter, after glancing at a white kettle.',
    actions: [['point', 'Electric Kettle', 'left'], ['point', 'Espresso Machine', 'right']],
    extra: ['Toaster Oven', 'Microwave Oven'],
    refs: [{ description: 'the silver machine I pointed at', entity: 'Espresso Machine', action: 1 }],
    turns: [
      { user: `My user_id is ${G}. When was the silver machine I pointed at last descaled?`, calls: [call('get_maintenance_history', { item_name: 'Espresso Machine' })] },
      { user: 'If that was before 2026-03-01, schedule the chore "descale" on it for 2026-05-02 with high priority.', calls: [
        call('schedule_chore', { user_id: G, item_name: 'Espresso Machine', chore: 'descale', due_date: '2026-05-02', priority: 'high' }),
      ] },
    ],
    wrong_branch: { at: 1, calls: [call('schedule_chore', { user_id: G, item_name: 'Electric Kettle', chore: 'descale', due_date: '2026-05-02', priority: 'high' })] },
  },
  {
    id: 'household-02', user_id: T, backdrop: 'room',
    instruction: `Your hair dryer stopped working (User ID: ${T}). You picked up the black dryer with your right hand. Ask the AI Service Agent whether it is still under warranty today (2026-04-25). If it is, log the maintenance "warranty repair request" on it at a cost of 0; otherwise put Laundry Detergent on your shopping list as a reminder to visit the store.`,
    image_description: 'In the bathroom you pick up a black hair dryer with your right hand.',
    actions: [['point', 'Electric Toothbrush', 'left'], ['pick', 'Hair Dryer', 'right']],
    extra: ['First Aid Box', 'Steam Iron'],
    refs: [{ description: 'the black dryer in my right hand', entity: 'Hair Dryer', action: 1 }],
    turns: [
      { user: `I'm ${T}. Is the dryer in my right hand still under warranty today, 2026-04-25?`, calls: [call('get_item_details', { item_name: 'Hair Dryer' })] },
      { user: 'If it is, log the maintenance "warranty repair request" on it with a cost of 0. Otherwise put Laundry Detergent on my shopping list.', calls: [
        call('log_maintenance', { user_id: T, item_name: 'Hair Dryer', action: 'warranty repair request', cost: 0 }),
      ] },
    ],
    wrong_branch: { at: 1, calls: [call('add_to_shopping_list', { user_id: T, supply_name: 'Laundry Detergent', quantity: 1 })] },
  },
  {
    id: 'household-03', user_id: A, backdrop: 'room',
    instruction: `You are saving energy (User ID: ${A}). You tapped the white machine and then the grey machine in the laundry room. Ask the AI Service Agent for the total energy of 3 runs of the first and 2 runs of the second. If it is above 8 kWh, cancel your "dry laundry" chore on the grey machine.`,
    image_description: 'In the laundry room you tap a white washing machine and then a grey dryer beside it.',
    actions: [['tap', 'Washing Machine', 'right'], ['tap', 'Tumble Dryer', 'right']],
    extra: ['Laundry Basket', 'Steam Iron'],
    refs: [
      { description: 'the white machine I tapped first', entity: 'Washing Machine', action: 0 },
      { description: 'the grey machine I tapped second', entity: 'Tumble Dryer', action: 1 },
    ],
    turns: [
      { user: `My user_id is ${A}. What is the total energy of 3 runs of the first machine I tapped and 2 runs of the second?`, calls: [
        call('compute_total_energy', { user_id: A, appliances: [{ item_name: 'Washing Machine', uses: 3 }, { item_name: 'Tumble Dryer', uses: 2 }] }),
      ] },
      { user: 'If that is above 8 kWh, cancel my "dry laundry" chore on the grey machine.', calls: [
        call('cancel_chore', { user_id: A, item_name: 'Tumble Dryer', chore: 'dry laundry' }),
      ] },
    ],
    wrong_branch: { at: 1, calls: [call('get_chores', { user_id: A })] },
  },
  {
    id: 'household-04', user_id: N, backdrop: 'room',
    instruction: `You just tested the alarm on the ceiling (User ID: ${N}). You tapped the round white detector and then pointed at the air purifier. Ask the AI Service Agent to mark your "test alarm" chore on the detector as done. Then ask when the purifier's filter was last replaced; if not since 2026-01-01, schedule "replace filter" on it for 2026-05-10 with normal priority.`,
    image_description: 'You reach up and tap a round white smoke detector in the hallway, then point down at a tall white air purifier.',
    actions: [['tap', 'Smoke Detector', 'right'], ['point', 'Air Purifier', 'left']],
    extra: ['Smart Thermostat', 'Wall Clock'],
    refs: [
      { description: 'the round white detector I tapped', entity: 'Smoke Detector', action: 0 },
      { description: 'the air purifier I pointed at', entity: 'Air Purifier', action: 1 },
    ],
    turns: [
      { user: `This is ${N}. Please mark my "test alarm" chore on the detector I tapped as done.`, calls: [
        call('complete_chore', { user_id: N, item_name: 'Smoke Detector', chore: 'test alarm' }),
      ] },
      { user: 'When was the filter of the purifier I pointed at last replaced? If not since 2026-01-01, schedule "replace filter" on it for 2026-05-10 with normal priority.', calls: [
        call('get_maintenance_history', { item_name: 'Air Purifier' }),
        call('schedule_chore', { user_id: N, item_name: 'Air Purifier', chore: 'replace filter', due_date: '2026-05-10', priority: 'normal' }),
      ] },
    ],
    wrong_branch: { at: 1, calls: [call('get_maintenance_history', { item_name: 'Air Purifier' })] },
  },
  {
    id: 'household-05', user_id: Y, backdrop: 'room',
    instruction: `Your water filter is used up (User ID: ${Y}). You picked up the blue pitcher with your left hand. Ask the AI Service Agent which supplies fit it and put 2 of the cheapest on your shopping list. Then remove AA Batteries from your shopping list.`,
    image_description: 'In the kitchen you pick up a blue water filter pitcher with your left hand.',
    actions: [['pick', 'Water Filter Pitcher', 'left'], ['point', 'Rice Cooker', 'right']],
    extra: ['Wall Clock', 'Slow Cooker'],
    refs: [{ description: 'the blue pitcher in my left hand', entity: 'Water Filter Pitcher', action: 0 }],
    turns: [
      { user: `Hi, I'm ${Y}. Which supplies fit the pitcher in my left hand? Put 2 of the cheapest on my shopping list.`, calls: [
        call('find_supplies_for_item', { item_name: 'Water Filter Pitcher' }),
        call('add_to_shopping_list', { user_id: Y, supply_name: 'Universal Pitcher Filter', quantity: 2 }),
      ] },
      { user: 'Also remove AA Batteries from my shopping list.', calls: [call('remove_from_shopping_list', { user_id: Y, supply_name: 'AA Batteries' })] },
    ],
    wrong_branch: { at: 0, calls: [
      call('find_supplies_for_item', { item_name: 'Water Filter Pitcher' }),
      call('add_to_shopping_list', { user_id: Y, supply_name: 'Kelvia Filter Cartridge', quantity: 2 }),
    ] },
  },
  {
    id: 'household-06', user_id: B, backdrop: 'room',
    instruction: `You keep a maintenance log (User ID: ${B}). You pointed at the black round robot and then at the blue dehumidifier. Ask the AI Service Agent which of the two was serviced longer ago and log a "general service" on that one at a cost of 45.`,
    image_description: 'You point at a black robot vacuum on the floor, then at a tall blue dehumidifier in the corner.',
    actions: [['point', 'Robot Vacuum', 'right'], ['point', 'Dehumidifier', 'right']],
    extra: ['Space Heater', 'Monstera Plant'],
    refs: [
      { description: 'the black round robot I pointed at', entity: 'Robot Vacuum', action: 0 },
      { description: 'the blue dehumidifier I pointed at', entity: 'Dehumidifier', action: 1 },
    ],
    turns: [
      { user: `My user_id is ${B}. Which of the two things I pointed at was serviced longer ago?`, calls: [
        call('get_maintenance_history', { item_name: 'Robot Vacuum' }),
        call('get_maintenance_history', { item_name: 'Dehumidifier' }),
      ] },
      { user: 'Please log a "general service" on that one with a cost of 45.', calls: [
        call('log_maintenance', { user_id: B, item_name: 'Dehumidifier', action: 'general service', cost: 45 }),
      ] },
    ],
    wrong_branch: { at: 1, calls: [call('log_maintenance', { user_id: B, item_name: 'Robot Vacuum', action: 'general service', cost: 45 })] },
  },
];
