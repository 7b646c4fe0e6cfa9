// The release's tool behaviour that decides the official ResultSucc (../shared/egobench/BEHAVIOUR.md),
// on a small release written here: kitchen, restaurant and order, each rule with a case.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../shared/engine/engine';
import { stateKey } from '../../../shared/engine/state';
import type { ScenarioEngine } from '../../../shared/engine/types';
import { loadDataset } from '../../../shared/format/loader';
import type { ToolCall } from '../../../shared/format/types';
import { markWholeReals } from '../../../shared/format/whole-reals';
import { loadSqlJs } from '../sql-node';
import { nodeDatasetSource } from '../evaluation/node-source';
import { importEgobench } from './index';

const nutrition = { basis: 'PER_100G', calories_kcal: 10 };
const INIT = {
  kitchen: {
    kitchen_init_data: {
      ingredients: [{ name: 'Broccoli', quantity: 10, category: 'Vegetable', nutrition }, { name: 'Beef', quantity: 4, category: 'Meat', nutrition }],
      recipes: [{ name: 'Tofu Soup', ingredients: [{ ingredient_name: 'Broccoli', quantity: 1.5 }], steps: ['Boil', 'Serve'] }, { name: 'Beef Stew', ingredients: [], steps: 'Stew it.' }, { name: 'Oat Pancakes', ingredients: [] }],
      user_menus: [{ user_id: 'cook_001', recipes: ['Tofu Soup'] }],
      user_shopping_lists: [{ user_id: 'cook_001', items: [{ ingredient_name: 'Broccoli', quantity: 5 }] }],
    },
  },
  restaurant: {
    restaurant_init_data: {
      dishes: [{ name: 'Margherita', category: 'Pizza', price: 30, tax_rate: 0.1, discount: 1, nutrition }, { name: 'Tiramisu', category: 'Dessert', price: 20, tax_rate: 0.1, discount: 1, nutrition }],
      set_meals: [{ name: 'Classic Set', set_meal_discount: 0.9, included_dishes: [{ dish_name: 'margherita', quantity: 1 }, { dish_name: 'not on the menu', quantity: 1 }] }],
      user_orders: [{ user_id: 'customer_001', items: [{ dish_name: 'margherita', quantity: 1 }, { dish_name: 'ghost dish', quantity: 1 }] }],
    },
  },
  order: {
    order_init_data: {
      dishes: [{ name: 'Margherita', restaurant_name: 'Annie Italian Restaurant', category: 'Pizza', price: 30, tax_rate: 0.1, discount: 1, nutrition }],
      set_meals: [],
      user_orders: [{ user_id: 'customer_001', restaurant_name: 'Annie Italian Restaurant', items: [{ dish_name: 'margherita', quantity: 1 }] }],
    },
  },
};
const TASK = (n: number) => ({ task_id: n, Instruction: 'User ID: u', ground_truth: [], key: '', value: [] });

let release: string;
let out: string;
const engines: Record<string, ScenarioEngine> = {};
beforeAll(async () => {
  release = await mkdtemp(path.join(os.tmpdir(), 'egobench-rel-'));
  out = await mkdtemp(path.join(os.tmpdir(), 'egobench-out-'));
  for (const dir of ['tasks', 'tools', 'init']) await mkdir(path.join(release, dir));
  for (const [family, init] of Object.entries(INIT)) {
    await writeFile(path.join(release, 'init', `${family}_init.json`), JSON.stringify(init));
    await writeFile(path.join(release, 'tools', `${family}_tools.json`), '[]'); // every tool then comes from the family
    await writeFile(path.join(release, 'tasks', `${family}1.json`), JSON.stringify([TASK(1)]));
  }
  const imported = await importEgobench(release, out);
  expect(imported.problems).toEqual([]);
  const dataset = await loadDataset(nodeDatasetSource(out));
  expect(dataset.problems).toEqual([]);
  const SQL = await loadSqlJs();
  for (const id of ['kitchen1', 'restaurant1', 'order1']) engines[id] = createEngine(SQL, dataset.scenarios.get(id)!);
});
afterAll(async () => {
  for (const engine of Object.values(engines)) engine.close();
  await rm(release, { recursive: true, force: true });
  await rm(out, { recursive: true, force: true });
});

const call = (tool_name: string, parameters: Record<string, unknown>): ToolCall => ({ tool_name, parameters: parameters as ToolCall['parameters'] });
/** A call whose parameters are read from JSON text, as a trajectory's are: `2.0` there is a float (whole-reals.ts). */
const written = (tool_name: string, parametersText: string): ToolCall => {
  const parameters = JSON.parse(parametersText) as ToolCall['parameters'];
  markWholeReals(parametersText, parameters);
  return { tool_name, parameters };
};
/** The final state's key: equal keys are what the official ResultSucc calls equal hashes. */
const finalState = (scenario: string, calls: ToolCall[]) => stateKey(engines[scenario].execute(calls).state);
const rows = (scenario: string, calls: ToolCall[], table: string) => engines[scenario].execute(calls).state[table];

describe('kitchen', () => {
  const add = (quantity: unknown, ingredient_name = 'Beef', user_id = 'cook_001') => call('add_to_shopping_list', { user_id, ingredient_name, quantity });
  it('a string quantity is converted to float, an int stays int, and the hash tells them apart', () => {
    expect(finalState('kitchen1', [add('2')])).toBe(finalState('kitchen1', [add(' 2.0 ')]));
    expect(finalState('kitchen1', [add('2')])).not.toBe(finalState('kitchen1', [add(2)]));
    // Added to a seed line (int 5): "2" gives 7.0, 2 gives 7.
    expect(rows('kitchen1', [add('2', 'broccoli')], 'shopping_list_state')).toContainEqual({ user_id: 'cook_001', ingredient_name: 'broccoli', quantity: '7.0' });
    expect(rows('kitchen1', [add(2, 'Broccoli')], 'shopping_list_state')).toContainEqual({ user_id: 'cook_001', ingredient_name: 'broccoli', quantity: '7' });
  });
  it('a quantity written 2.0 is the float the ground truth\'s "2" becomes, not the int 2 (BEHAVIOUR.md, consequence 1)', () => {
    const float = written('add_to_shopping_list', '{"user_id": "cook_001", "ingredient_name": "Beef", "quantity": 2.0}');
    expect(finalState('kitchen1', [float])).toBe(finalState('kitchen1', [add('2')]));
    expect(finalState('kitchen1', [float])).not.toBe(finalState('kitchen1', [add(2)]));
    expect(engines.kitchen1.call(float)).toEqual({ ok: true, result: { status: 'success', message: 'Added 2.0 x Beef to shopping list.' } });
  });
  it('a non-numeric or non-positive quantity changes nothing; any ingredient name is accepted, untrimmed', () => {
    const seed = finalState('kitchen1', []);
    expect(finalState('kitchen1', [add('two')])).toBe(seed);
    expect(finalState('kitchen1', [add('0')])).toBe(seed);
    expect(rows('kitchen1', [add(1.5, 'Unicorn Dust ', 'cook_002')], 'shopping_list_state')).toContainEqual({ user_id: 'cook_002', ingredient_name: 'unicorn dust ', quantity: '1.5' });
  });
  it('a getter answers with the seed value as given, a list or a plain string', () => {
    const steps = (recipe_name: string) => engines.kitchen1.call(call('get_cooking_steps', { recipe_name }));
    expect(steps('tofu soup')).toEqual({ ok: true, result: { recipe_name: 'tofu soup', steps: ['Boil', 'Serve'] } });
    expect(steps('Beef Stew')).toEqual({ ok: true, result: { recipe_name: 'Beef Stew', steps: 'Stew it.' } });
  });

  it('menus are ordered lists: the same recipes added in the other order differ', () => {
    const menu = (name: string) => call('add_recipe_to_menu', { user_id: 'cook_002', recipe_name: name });
    expect(finalState('kitchen1', [menu('Beef Stew'), menu('oat pancakes')])).not.toBe(finalState('kitchen1', [menu('Oat Pancakes'), menu('Beef Stew')]));
    expect(rows('kitchen1', [menu('Beef Stew'), menu('BEEF STEW')], 'menu_state')).toContainEqual({ user_id: 'cook_002', recipes: '["beef stew"]' });
    expect(engines.kitchen1.call(menu('No Such Recipe')).ok).toBe(false);
  });
  it('emptied lists and menus keep their user, which differs from having none', () => {
    const emptied = [add(1, 'Beef', 'cook_009'), call('remove_from_shopping_list', { user_id: 'cook_009', ingredient_name: 'beef' })];
    expect(finalState('kitchen1', emptied)).not.toBe(finalState('kitchen1', []));
    const menuEmptied = [call('add_recipe_to_menu', { user_id: 'cook_009', recipe_name: 'Beef Stew' }), call('remove_recipe_from_menu', { user_id: 'cook_009', recipe_name: 'beef stew' })];
    expect(rows('kitchen1', menuEmptied, 'menu_state')).toContainEqual({ user_id: 'cook_009', recipes: '[]' });
  });
});

describe('restaurant', () => {
  it('loads seed orders and set meals as the release does (unknown dishes dropped)', () => {
    expect(rows('restaurant1', [], 'order_state')).toEqual([{ user_id: 'customer_001', dish_name: 'margherita', quantity: '1' }]);
    expect(rows('restaurant1', [], 'set_meal_state')).toEqual([{ set_meal_name: 'classic set', included_dishes: '[{"dish_name":"margherita","quantity":1}]', set_meal_price: '0.0', set_meal_discount: '0.9' }]);
  });
  it('quantities are stored as given: "1" is not 1', () => {
    const add = (quantity: unknown) => call('add_dish_to_order', { user_id: 'customer_002', dish_name: 'Tiramisu', quantity });
    expect(finalState('restaurant1', [add('1')])).not.toBe(finalState('restaurant1', [add(1)]));
    // A number added to a string line raises and changes nothing more.
    expect(finalState('restaurant1', [add('1'), add(1)])).toBe(finalState('restaurant1', [add('1')]));
  });
  it('clearing an order keeps the user with an empty order; removing below zero deletes the line', () => {
    expect(rows('restaurant1', [call('clear_user_order', { user_id: 'customer_001' })], 'order_state')).toEqual([{ user_id: 'customer_001', dish_name: null, quantity: 'null' }]);
    expect(rows('restaurant1', [call('remove_dish_from_order', { user_id: 'customer_001', dish_name: 'Margherita', quantity: 3 })], 'order_state')).toEqual([{ user_id: 'customer_001', dish_name: null, quantity: 'null' }]);
  });
  it('catalogue tools take `name`: a call that follows the schema changes nothing', () => {
    const seed = finalState('restaurant1', []);
    expect(finalState('restaurant1', [call('update_dish_price', { dish_name: 'Margherita', new_price: 1 })])).toBe(seed);
    expect(finalState('restaurant1', [call('update_dish_price', { name: 'Margherita', new_price: 1 })])).not.toBe(seed);
  });
});

describe('order', () => {
  const STORE = 'Annie Italian Restaurant';
  it('any call naming an unknown restaurant, a query too, leaves an empty store behind', () => {
    const seed = finalState('order1', []);
    expect(finalState('order1', [call('get_dish_price', { restaurant_name: STORE, dish_name: 'Margherita' })])).toBe(seed);
    const phantom = [call('get_dish_price', { restaurant_name: 'annie italian restaurant', dish_name: 'Margherita' })];
    expect(finalState('order1', phantom)).not.toBe(seed);
    expect(rows('order1', phantom, 'order_state')).toContainEqual({ restaurant_name: 'annie italian restaurant', user_id: null, dish_name: null, quantity: 'null' });
    // The totals look stores up otherwise and create none.
    expect(finalState('order1', [call('compute_total_payment', { restaurant_name: 'Nowhere', user_id: 'u', dishes: [] })])).toBe(seed);
  });
  it('a failed add still leaves its store; a dish must be on that store\'s menu', () => {
    const failed = call('add_dish_to_order', { restaurant_name: 'Greek Place', user_id: 'u', dish_name: 'Margherita', quantity: 1 });
    expect(engines.order1.call(failed).ok).toBe(false);
    expect(rows('order1', [failed], 'order_state')).toContainEqual({ restaurant_name: 'Greek Place', user_id: null, dish_name: null, quantity: 'null' });
  });
  it('ints, floats and strings are different quantities', () => {
    const add = (quantity: unknown) => call('add_dish_to_order', { restaurant_name: STORE, user_id: 'customer_002', dish_name: 'margherita', quantity });
    expect(finalState('order1', [add(1)])).not.toBe(finalState('order1', [add(1.5)]));
    expect(finalState('order1', [add(1)])).not.toBe(finalState('order1', [add('1')]));
    expect(rows('order1', [add('1'), add('1')], 'order_state')).toContainEqual({ restaurant_name: STORE, user_id: 'customer_002', dish_name: 'margherita', quantity: '"11"' });
  });
  it('a quantity written 1.0 is a float: it matches the ground truth\'s 1 but hashes apart (BEHAVIOUR.md, consequence 4)', () => {
    const float = written('add_dish_to_order', `{"restaurant_name": "${STORE}", "user_id": "customer_002", "dish_name": "margherita", "quantity": 1.0}`);
    expect(rows('order1', [float], 'order_state')).toContainEqual({ restaurant_name: STORE, user_id: 'customer_002', dish_name: 'margherita', quantity: '1.0' });
    const int = call('add_dish_to_order', { restaurant_name: STORE, user_id: 'customer_002', dish_name: 'margherita', quantity: 1 });
    expect(finalState('order1', [float])).not.toBe(finalState('order1', [int]));
  });
  it('a set meal keeps its dishes as written, a whole float in them too', () => {
    const meal = written('create_set_meal', `{"restaurant_name": "${STORE}", "set_meal_name": "Duo", "included_dishes": [{"dish_name": "Margherita", "quantity": 2.0}], "set_meal_price": 50.0, "set_meal_discount": 1}`);
    expect(engines.order1.call(meal).ok).toBe(true);
    expect(rows('order1', [meal], 'set_meal_state')).toContainEqual(expect.objectContaining({ set_meal_name: 'duo', included_dishes: '[{"dish_name":"Margherita","quantity":2.0}]', set_meal_price: '50.0', set_meal_discount: '1' }));
  });
});
