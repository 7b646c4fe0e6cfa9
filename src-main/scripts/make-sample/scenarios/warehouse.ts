// Warehouse: racks of stock. Visible: name label, colour, shape, rack level. Hidden: rack code,
// stock, weight, cost, supplier, origin, hazard class, inspection history.
import type { ToolDef } from '../../../../shared/format/types';
import { Rng, round2 } from '../prng';
import { call, fuzzy, int, params, readTool, str, type Cell, type ScenarioSpec } from '../model';

type W = [name: string, category: string, colour: string, shape: string, level: string, hazard: string];
const ITEMS: W[] = [
  ['Blue Storage Bin', 'storage', 'blue', 'crate', 'bottom', 'none'],
  ['Red Fire Extinguisher', 'safety', 'red', 'drum', 'middle', 'pressurised'],
  ['Yellow Safety Helmet', 'safety', 'yellow', 'box', 'middle', 'none'],
  ['Orange Traffic Cone', 'safety', 'orange', 'bag', 'bottom', 'none'],
  ['Green Pallet Wrap', 'packing', 'green', 'drum', 'top', 'none'],
  ['Steel Bolt Crate', 'hardware', 'grey', 'crate', 'bottom', 'none'],
  ['Copper Wire Spool', 'electrical', 'orange', 'drum', 'middle', 'none'],
  ['Hydraulic Oil Drum', 'fluids', 'black', 'drum', 'top', 'flammable'],
  ['Cardboard Box Large', 'packing', 'brown', 'box', 'bottom', 'none'],
  ['Cardboard Box Small', 'packing', 'brown', 'box', 'middle', 'none'],
  ['Packing Tape Roll', 'packing', 'cream', 'can', 'middle', 'none'],
  ['Bubble Wrap Roll', 'packing', 'silver', 'drum', 'top', 'none'],
  ['Shipping Labels Pack', 'packing', 'white', 'flat', 'middle', 'none'],
  ['LED Work Lamp', 'electrical', 'yellow', 'tall', 'top', 'none'],
  ['Cordless Drill Kit', 'tools', 'teal', 'box', 'middle', 'none'],
  ['Safety Gloves Pair', 'safety', 'grey', 'bag', 'middle', 'none'],
  ['Hi-Vis Vest', 'safety', 'yellow', 'flat', 'middle', 'none'],
  ['Aluminium Ladder', 'tools', 'silver', 'tall', 'bottom', 'none'],
  ['Paint Bucket White', 'fluids', 'white', 'drum', 'bottom', 'none'],
  ['Lithium Battery Pack', 'electrical', 'purple', 'box', 'top', 'lithium'],
  ['Cleaning Solvent Can', 'fluids', 'red', 'can', 'top', 'flammable'],
  ['Plastic Crate Stack', 'storage', 'green', 'crate', 'bottom', 'none'],
  ['Nylon Rope Coil', 'hardware', 'blue', 'round', 'bottom', 'none'],
  ['Zip Ties Bag', 'hardware', 'black', 'bag', 'middle', 'none'],
  ['Air Filter Box', 'maintenance', 'white', 'box', 'top', 'none'],
  ['First Aid Kit', 'safety', 'green', 'box', 'middle', 'none'],
  ['Forklift Battery', 'electrical', 'blue', 'crate', 'bottom', 'corrosive'],
];
const SUPPLIERS = [['Nordlager GmbH', 'Germany'], ['Vistula Supply', 'Poland'], ['Lakeside Industrial', 'USA'], ['Han River Parts', 'South Korea'], ['Iberia Pack', 'Spain']];
const SET: Record<string, Record<string, Cell>> = {
  'Blue Storage Bin': { weight_kg: 2.5 },
  'Orange Traffic Cone': { weight_kg: 1.2 },
  'Copper Wire Spool': { stock: 3, rack: 'C1' },
  'Packing Tape Roll': { rack: 'C3' },
  'Bubble Wrap Roll': { rack: 'D2' },
  'Hydraulic Oil Drum': { rack: 'B2' },
  'Cardboard Box Large': { stock: 11, rack: 'E4' },
  'Green Pallet Wrap': { supplier: 'Nordlager GmbH', origin: 'Germany' },
  'Paint Bucket White': { supplier: 'Vistula Supply', origin: 'Poland' },
  'Red Fire Extinguisher': { last_inspection: '2025-10-03' },
};
const USERS = ['dana_lee_501', 'ravi_menon_238', 'olga_novak_914', 'femi_adeyemi_367', 'lucas_weber_720', 'mei_chen_455'];

export function warehouse(): ScenarioSpec {
  const rng = new Rng('warehouse-items');
  const racks = ['A1', 'A2', 'A3', 'B1', 'B3', 'C2', 'D1', 'D3', 'E1', 'E2'];
  const items: Record<string, Cell>[] = ITEMS.map(([item_name, category, colour, shape, level, hazard_class]) => {
    const [supplier, origin] = rng.pick(SUPPLIERS);
    const row: Record<string, Cell> = {
      item_name, category, colour, shape, level, rack: rng.pick(racks),
      stock: rng.int(6, 60), weight_kg: round2(0.2 + rng.next() * 18), unit_cost: round2(1.5 + rng.next() * 90),
      supplier: origin === 'Germany' ? 'Iberia Pack' : supplier, origin: origin === 'Germany' ? 'Spain' : origin,
      lead_time_days: rng.int(2, 21), hazard_class,
      last_inspection: `2026-0${rng.int(1, 3)}-${String(rng.int(10, 28)).padStart(2, '0')}`,
    };
    return { ...row, ...(SET[item_name] ?? {}) };
  });
  const inspections = [
    { item_name: 'Red Fire Extinguisher', date: '2025-04-02', result: 'pass', note: 'pressure ok' },
    { item_name: 'Red Fire Extinguisher', date: '2025-10-03', result: 'pass', note: 'seal replaced' },
    { item_name: 'Forklift Battery', date: '2026-02-11', result: 'pass', note: 'electrolyte topped up' },
    { item_name: 'Aluminium Ladder', date: '2026-01-20', result: 'fail', note: 'loose rung, repaired' },
    { item_name: 'LED Work Lamp', date: '2026-03-05', result: 'pass', note: 'cable checked' },
  ];
  const pickLists = [
    { user_id: 'mei_chen_455', item_name: 'Zip Ties Bag', quantity: 4, priority: 'normal' },
    { user_id: 'mei_chen_455', item_name: 'Hi-Vis Vest', quantity: 2, priority: 'low' },
    { user_id: 'dana_lee_501', item_name: 'Safety Gloves Pair', quantity: 10, priority: 'normal' },
    { user_id: 'olga_novak_914', item_name: 'Shipping Labels Pack', quantity: 3, priority: 'urgent' },
  ];
  const it = str('Item name; a partial name matches every item containing it.', { 'x-match': { entity: 'items.item_name' } });
  const uid = str('The worker\'s user id.');
  const prio = str('Priority.', { enum: ['low', 'normal', 'urgent'] });
  const userCheck = { sql: 'SELECT user_id FROM users WHERE user_id = :user_id', expect: 'one' as const, error: 'Unknown user {user_id}.' };
  const oneItem = { sql: `SELECT item_name AS iname FROM items WHERE ${fuzzy('item_name', 'item_name')}`, expect: 'one' as const, error: "'{item_name}' does not name exactly one item.", bind: true };
  const tools: ToolDef[] = [
    readTool('find_items_by_name', 'Items whose name contains the text.', params({ name: str('Part of an item name.') }, ['name']),
      `SELECT item_name, category, rack FROM items WHERE ${fuzzy('item_name', 'name')} ORDER BY item_name`, { items: '$rows.rows', count: '$count.rows' }),
    readTool('find_items_by_rack', 'Items stored on a rack, e.g. B2.', params({ rack: str('Rack code.') }, ['rack']),
      'SELECT item_name, level, stock FROM items WHERE upper(rack) = upper(:rack) ORDER BY item_name', { items: '$rows.rows' }),
    readTool('find_items_by_category', 'Items of a category.', params({ category: str('Category, e.g. safety.') }, ['category']),
      'SELECT item_name, stock FROM items WHERE lower(category) = lower(:category) ORDER BY item_name', { items: '$rows.rows' }),
    readTool('find_hazardous_items', 'Items with a hazard class, optionally one class.', params({ hazard_class: str('flammable, pressurised, lithium or corrosive.') }, []),
      "SELECT item_name, hazard_class, rack FROM items WHERE hazard_class <> 'none' AND (:hazard_class IS NULL OR hazard_class = :hazard_class) ORDER BY item_name", { items: '$rows.rows' }),
    readTool('get_item_details', 'Rack, level, stock, weight, unit cost and hazard class of the items matching a name.', params({ item_name: it }, ['item_name']),
      `SELECT item_name, rack, level, stock, weight_kg, unit_cost, hazard_class FROM items WHERE ${fuzzy('item_name', 'item_name')} ORDER BY item_name`, { items: '$rows.rows' }),
    readTool('get_item_supplier', 'Supplier, origin and lead time of the items matching a name.', params({ item_name: it }, ['item_name']),
      `SELECT item_name, supplier, origin, lead_time_days FROM items WHERE ${fuzzy('item_name', 'item_name')} ORDER BY item_name`, { items: '$rows.rows' }),
    readTool('get_inspection_history', 'Past inspections of an item, oldest first, and its last inspection date.', params({ item_name: it }, ['item_name']),
      `SELECT i.item_name, i.last_inspection, n.date, n.result, n.note FROM items i LEFT JOIN inspections n ON n.item_name = i.item_name WHERE ${fuzzy('i.item_name', 'item_name')} ORDER BY i.item_name, n.date`, { history: '$rows.rows' }),
    {
      name: 'add_to_pick_list', description: "Add an item to a worker's pick list with a quantity and priority.", effect: 'write',
      parameters: params({ user_id: uid, item_name: it, quantity: int('Units.', { minimum: 1 }), priority: prio }, ['user_id', 'item_name', 'quantity', 'priority']),
      steps: [userCheck, oneItem,
        { sql: 'INSERT INTO pick_lists (user_id, item_name, quantity, priority) VALUES (:user_id, :iname, :quantity, :priority) ON CONFLICT (user_id, item_name) DO UPDATE SET quantity = quantity + excluded.quantity, priority = excluded.priority' }],
      returns: { status: 'success', message: 'Added {quantity} x {iname} ({priority}) to the pick list of {user_id}.' },
    },
    {
      name: 'remove_from_pick_list', description: "Remove an item from a worker's pick list.", effect: 'write',
      parameters: params({ user_id: uid, item_name: it }, ['user_id', 'item_name']),
      steps: [{ sql: `SELECT item_name AS iname FROM pick_lists WHERE user_id = :user_id AND ${fuzzy('item_name', 'item_name')}`, expect: 'one', error: "'{item_name}' is not on the pick list of {user_id}.", bind: true },
        { sql: 'DELETE FROM pick_lists WHERE user_id = :user_id AND item_name = :iname' }],
      returns: { status: 'success', message: 'Removed {iname} from the pick list of {user_id}.' },
    },
    readTool('get_pick_list', "A worker's pick list.", params({ user_id: uid }, ['user_id']),
      'SELECT item_name, quantity, priority FROM pick_lists WHERE user_id = :user_id ORDER BY item_name', { user_id: '$param.user_id', items: '$rows.rows' }),
    {
      name: 'move_item', description: 'Move an item to another rack.', effect: 'write',
      parameters: params({ item_name: it, new_rack: str('Target rack code, e.g. H1.') }, ['item_name', 'new_rack']),
      steps: [oneItem, { sql: 'SELECT rack FROM items WHERE item_name = :iname AND rack <> upper(:new_rack)', expect: 'one', error: '{iname} is already on {new_rack}.' },
        { sql: 'UPDATE items SET rack = upper(:new_rack) WHERE item_name = :iname' }],
      returns: { status: 'success', message: 'Moved {iname} to {new_rack}.' },
    },
    {
      name: 'remove_stock', description: 'Take units out of stock (damaged, lost, used), with a reason.', effect: 'write',
      parameters: params({ item_name: it, quantity: int('Units removed.', { minimum: 1 }), reason: str('Why.', { enum: ['damaged', 'lost', 'used', 'returned'] }) }, ['item_name', 'quantity', 'reason']),
      steps: [oneItem, { sql: 'SELECT stock FROM items WHERE item_name = :iname AND stock >= :quantity', expect: 'one', error: 'Not enough {iname} in stock.' },
        { sql: 'UPDATE items SET stock = stock - :quantity WHERE item_name = :iname' },
        { sql: "INSERT INTO stock_moves (item_name, quantity, reason) VALUES (:iname, -:quantity, :reason)" }],
      returns: { status: 'success', message: 'Removed {quantity} of {iname} ({reason}).' },
    },
    {
      name: 'compute_total_weight', description: 'Total weight in kg of a list of items and quantities.', effect: 'read',
      parameters: params({ user_id: uid, items: { type: 'array', description: 'Items and quantities.', items: params({ item_name: it, quantity: int('Units.', { minimum: 1 }) }, ['item_name', 'quantity']) } }, ['user_id', 'items']),
      steps: [userCheck, { as: 't', sql: "SELECT round(sum(i.weight_kg * json_extract(j.value, '$.quantity')), 2) AS total_weight_kg, count(*) AS lines FROM json_each(:items) j JOIN items i ON lower(i.item_name) = lower(json_extract(j.value, '$.item_name'))" }],
      returns: { user_id: '$param.user_id', weight: '$first.t' },
    },
    {
      name: 'plan_pick_route', description: "Save a worker's pick route: the items in the order they will be picked (order matters).", effect: 'write',
      parameters: params({ user_id: uid, stops: { type: 'array', description: 'Item names in picking order.', 'x-ordered': true, items: it } }, ['user_id', 'stops']),
      steps: [userCheck, { sql: 'DELETE FROM routes WHERE user_id = :user_id' }, { sql: 'INSERT INTO routes (user_id, stops) VALUES (:user_id, :stops)' }],
      returns: { status: 'success', message: 'Saved the pick route of {user_id}.' },
    },
    {
      name: 'log_inspection', description: 'Record an inspection of an item: pass or fail, with a note.', effect: 'write',
      parameters: params({ user_id: uid, item_name: it, result: str('Outcome.', { enum: ['pass', 'fail'] }), note: str('Short note.') }, ['user_id', 'item_name', 'result']),
      steps: [userCheck, oneItem,
        { sql: "INSERT INTO inspections (item_name, date, result, note) VALUES (:iname, '2026-04-25', :result, :note)" },
        { sql: "UPDATE items SET last_inspection = '2026-04-25' WHERE item_name = :iname" }],
      returns: { status: 'success', message: 'Logged a {result} inspection of {iname}.' },
    },
  ];
  return {
    id: 'warehouse',
    entity: { table: 'items', column: 'item_name' },
    rowOf: (r) => ({ top: 0, middle: 1, bottom: 2 })[r.level as string] ?? 1,
    users: USERS,
    tables: [
      { name: 'users', create: 'CREATE TABLE users (user_id TEXT PRIMARY KEY)', rows: USERS.map((user_id) => ({ user_id })) },
      { name: 'items', create: `CREATE TABLE items (item_name TEXT PRIMARY KEY, category TEXT NOT NULL, colour TEXT NOT NULL, shape TEXT NOT NULL, level TEXT NOT NULL, rack TEXT NOT NULL,
  stock INTEGER NOT NULL, weight_kg REAL NOT NULL, unit_cost REAL NOT NULL, supplier TEXT NOT NULL, origin TEXT NOT NULL, lead_time_days INTEGER NOT NULL, hazard_class TEXT NOT NULL, last_inspection TEXT NOT NULL)`, rows: items },
      { name: 'inspections', create: 'CREATE TABLE inspections (item_name TEXT NOT NULL, date TEXT NOT NULL, result TEXT NOT NULL, note TEXT)', rows: inspections },
      { name: 'pick_lists', create: 'CREATE TABLE pick_lists (user_id TEXT NOT NULL, item_name TEXT NOT NULL, quantity INTEGER NOT NULL, priority TEXT NOT NULL, PRIMARY KEY (user_id, item_name))', rows: pickLists },
      { name: 'routes', create: 'CREATE TABLE routes (user_id TEXT PRIMARY KEY, stops TEXT NOT NULL)', rows: [{ user_id: 'lucas_weber_720', stops: '["Air Filter Box","First Aid Kit"]' }] },
      { name: 'stock_moves', create: 'CREATE TABLE stock_moves (item_name TEXT NOT NULL, quantity INTEGER NOT NULL, reason TEXT NOT NULL)', rows: [] },
    ],
    state_tables: ['items', 'inspections', 'pick_lists', 'routes', 'stock_moves'],
    tools,
    tasks: TASKS,
  };
}

const D = 'dana_lee_501';
const R = 'ravi_menon_238';
const O = 'olga_novak_914';
const F = 'femi_adeyemi_367';
const L = 'lucas_weber_720';
const M = 'mei_chen_455';

const TASKS: ScenarioSpec['tasks'] = [
  {
    id: 'warehouse-01', user_id: D, backdrop: 'rack',
    instruction: `You are the safety officer on shift (User ID: ${D}). You pointed at a red cylinder on the middle level and then tapped a yellow box. Ask the AI Service Agent when the red cylinder was last inspected. If its last inspection was before 2026-01-01, log a failed inspection of it with the note "overdue" and add one of it to your pick list as urgent; otherwise log a passed inspection.`,
    image_description: 'Walking along the racks you point at a red cylinder on the middle level, then tap a yellow box next to it.',
    actions: [['point', 'Red Fire Extinguisher', 'right'], ['tap', 'Yellow Safety Helmet', 'right']],
    extra: ['First Aid Kit', 'Hi-Vis Vest'],
    refs: [{ description: 'the red cylinder I pointed at', entity: 'Red Fire Extinguisher', action: 0 }],
    turns: [
      { user: `This is ${D}. When was the red cylinder I pointed at last inspected?`, calls: [call('get_inspection_history', { item_name: 'Red Fire Extinguisher' })] },
      { user: 'If that was before 2026-01-01, log a failed inspection of it with the note "overdue" and add one to my pick list as urgent. Otherwise log a pass.', calls: [
        call('log_inspection', { user_id: D, item_name: 'Red Fire Extinguisher', result: 'fail', note: 'overdue' }),
        call('add_to_pick_list', { user_id: D, item_name: 'Red Fire Extinguisher', quantity: 1, priority: 'urgent' }),
      ] },
    ],
    wrong_branch: { at: 1, calls: [call('log_inspection', { user_id: D, item_name: 'Red Fire Extinguisher', result: 'pass' })] },
  },
  {
    id: 'warehouse-02', user_id: R, backdrop: 'rack',
    instruction: `You are preparing a road-works order (User ID: ${R}). You picked up a blue bin with your left hand and an orange cone with your right hand. Ask the AI Service Agent for the total weight of 4 bins and 6 cones. If it is above 20 kg, add both to your pick list in those quantities as urgent; otherwise as normal.`,
    image_description: 'On the bottom level you lift a blue storage bin with your left hand and an orange traffic cone with your right hand.',
    actions: [['pick', 'Blue Storage Bin', 'left'], ['pick', 'Orange Traffic Cone', 'right']],
    extra: ['Plastic Crate Stack', 'Steel Bolt Crate'],
    refs: [
      { description: 'the blue bin in my left hand', entity: 'Blue Storage Bin', action: 0 },
      { description: 'the orange cone in my right hand', entity: 'Orange Traffic Cone', action: 1 },
    ],
    turns: [
      { user: `My user_id is ${R}. What do 4 of the bin in my left hand and 6 of the cone in my right hand weigh together?`, calls: [
        call('compute_total_weight', { user_id: R, items: [{ item_name: 'Blue Storage Bin', quantity: 4 }, { item_name: 'Orange Traffic Cone', quantity: 6 }] }),
      ] },
      { user: 'If that is above 20 kg, add both to my pick list in those quantities as urgent, otherwise as normal.', calls: [
        call('add_to_pick_list', { user_id: R, item_name: 'Blue Storage Bin', quantity: 4, priority: 'normal' }),
        call('add_to_pick_list', { user_id: R, item_name: 'Orange Traffic Cone', quantity: 6, priority: 'normal' }),
      ] },
    ],
    wrong_branch: { at: 1, calls: [
      call('add_to_pick_list', { user_id: R, item_name: 'Blue Storage Bin', quantity: 4, priority: 'urgent' }),
      call('add_to_pick_list', { user_id: R, item_name: 'Orange Traffic Cone', quantity: 6, priority: 'urgent' }),
    ] },
  },
  {
    id: 'warehouse-03', user_id: O, backdrop: 'rack',
    instruction: `You are packing a shipment (User ID: ${O}). You pointed at three items in the order you want to pick them. Ask the AI Service Agent to save your pick route in exactly that order. Then ask it to add 2 of the first item to your pick list with low priority if at least 2 are in stock; otherwise add 1.`,
    image_description: 'You point at an orange spool of wire, then at a roll of packing tape, then at a silver roll of bubble wrap on the top level.',
    actions: [['point', 'Copper Wire Spool', 'right'], ['point', 'Packing Tape Roll', 'right'], ['point', 'Bubble Wrap Roll', 'left']],
    refs: [
      { description: 'the first item I pointed at', entity: 'Copper Wire Spool', action: 0 },
      { description: 'the second item I pointed at', entity: 'Packing Tape Roll', action: 1 },
      { description: 'the third item I pointed at', entity: 'Bubble Wrap Roll', action: 2 },
    ],
    turns: [
      { user: `I'm ${O}. Save my pick route: the three items I pointed at, in the order I pointed at them.`, calls: [
        call('plan_pick_route', { user_id: O, stops: ['Copper Wire Spool', 'Packing Tape Roll', 'Bubble Wrap Roll'] }),
      ] },
      { user: 'Add 2 of the first item to my pick list with low priority if at least 2 are in stock, otherwise just 1.', calls: [
        call('get_item_details', { item_name: 'Copper Wire Spool' }),
        call('add_to_pick_list', { user_id: O, item_name: 'Copper Wire Spool', quantity: 2, priority: 'low' }),
      ] },
    ],
    wrong_branch: { at: 1, calls: [call('get_item_details', { item_name: 'Copper Wire Spool' }), call('add_to_pick_list', { user_id: O, item_name: 'Copper Wire Spool', quantity: 1, priority: 'low' })] },
  },
  {
    id: 'warehouse-04', user_id: F, backdrop: 'rack',
    instruction: `You are auditing hazardous goods (User ID: ${F}). You tapped a black drum on the top level. Ask the AI Service Agent whether it is hazardous and where it is stored. If it is hazardous and stored on the top level, move it to rack H1, the hazard cage. Finally ask for the list of all flammable items.`,
    image_description: 'You look up at the top level of the rack, tap a black drum, and glance at a red can beside it.',
    actions: [['tap', 'Hydraulic Oil Drum', 'right'], ['point', 'Cleaning Solvent Can', 'left']],
    extra: ['Lithium Battery Pack', 'Air Filter Box'],
    refs: [{ description: 'the black drum I tapped', entity: 'Hydraulic Oil Drum', action: 0 }],
    turns: [
      { user: `User ${F} here. Is the black drum I tapped hazardous, and where is it stored?`, calls: [call('get_item_details', { item_name: 'Hydraulic Oil Drum' })] },
      { user: 'If it is hazardous and on the top level, move it to rack H1. Then list all the flammable items.', calls: [
        call('move_item', { item_name: 'Hydraulic Oil Drum', new_rack: 'H1' }),
        call('find_hazardous_items', { hazard_class: 'flammable' }),
      ] },
    ],
    wrong_branch: { at: 1, calls: [call('find_hazardous_items', { hazard_class: 'flammable' })] },
  },
  {
    id: 'warehouse-05', user_id: L, backdrop: 'rack',
    instruction: `You found crushed cartons (User ID: ${L}). You picked up the large brown box with your left hand. Ask the AI Service Agent to take 3 of them out of stock as damaged. Then ask how many are left; if fewer than 10 remain, move the item to rack A1 so it is picked first.`,
    image_description: 'On the bottom level you pull out a large brown cardboard box with your left hand; a smaller brown box sits on the level above.',
    actions: [['point', 'Cardboard Box Small', 'right'], ['pick', 'Cardboard Box Large', 'left']],
    extra: ['Packing Tape Roll', 'Shipping Labels Pack'],
    refs: [{ description: 'the large brown box in my left hand', entity: 'Cardboard Box Large', action: 1 }],
    turns: [
      { user: `My user_id is ${L}. Please take 3 of the box in my left hand out of stock as damaged.`, calls: [
        call('remove_stock', { item_name: 'Cardboard Box Large', quantity: 3, reason: 'damaged' }),
      ] },
      { user: 'How many are left now? If fewer than 10, move it to rack A1.', calls: [
        call('get_item_details', { item_name: 'Cardboard Box Large' }),
        call('move_item', { item_name: 'Cardboard Box Large', new_rack: 'A1' }),
      ] },
    ],
    wrong_branch: { at: 1, calls: [call('get_item_details', { item_name: 'Cardboard Box Large' })] },
  },
  {
    id: 'warehouse-06', user_id: M, backdrop: 'rack',
    instruction: `You prefer European suppliers (User ID: ${M}). You pointed at a green roll and then at a white bucket. Ask the AI Service Agent which of the two comes from Germany and add 5 of it to your pick list with normal priority. Then remove the Zip Ties Bag from your pick list.`,
    image_description: 'You point at a green roll of pallet wrap on the top level, then at a white paint bucket on the bottom level.',
    actions: [['point', 'Green Pallet Wrap', 'right'], ['point', 'Paint Bucket White', 'right']],
    extra: ['Zip Ties Bag', 'Nylon Rope Coil'],
    refs: [
      { description: 'the green roll I pointed at', entity: 'Green Pallet Wrap', action: 0 },
      { description: 'the white bucket I pointed at', entity: 'Paint Bucket White', action: 1 },
    ],
    turns: [
      { user: `Hi, I'm ${M}. Which of the two things I pointed at comes from Germany? Add 5 of it to my pick list with normal priority.`, calls: [
        call('get_item_supplier', { item_name: 'Green Pallet Wrap' }),
        call('get_item_supplier', { item_name: 'Paint Bucket White' }),
        call('add_to_pick_list', { user_id: M, item_name: 'Green Pallet Wrap', quantity: 5, priority: 'normal' }),
      ] },
      { user: 'And please remove the Zip Ties Bag from my pick list.', calls: [call('remove_from_pick_list', { user_id: M, item_name: 'Zip Ties Bag' })] },
    ],
    wrong_branch: { at: 0, calls: [
      call('get_item_supplier', { item_name: 'Green Pallet Wrap' }),
      call('get_item_supplier', { item_name: 'Paint Bucket White' }),
      call('add_to_pick_list', { user_id: M, item_name: 'Paint Bucket White', quantity: 5, priority: 'normal' }),
    ] },
  },
];
