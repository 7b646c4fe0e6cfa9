// compute_total_payment / _tax / _nutrition: sums over a list of {name, quantity} items priced
// from the catalogue (retail products, restaurant dishes).
import type { ToolStep } from '../../../../shared/format/types';
import type { ToolBehaviour } from './types';

export interface TotalsSpec {
  /** The array parameter, e.g. `products`. */
  itemsParam: string;
  /** The name key inside each item, e.g. `product_name`. */
  itemName: string;
  catalogue: string;
  catalogueName: string;
  /** Extra condition on the catalogue row `c` (e.g. the restaurant). */
  catalogueWhere?: string;
}

export const NUTRIENTS = ['serving_size_g', 'calories_kcal', 'protein_g', 'fat_g', 'carbs_g', 'sugar_g', 'sodium_mg', 'fiber_g'];

function itemRows(spec: TotalsSpec, perItem: string): string {
  const name = `lower(json_extract(i.value, '$.${spec.itemName}'))`;
  const join = `c.${spec.catalogueName} = ${name}${spec.catalogueWhere ? ` AND ${spec.catalogueWhere}` : ''}`;
  return (
    `SELECT ${name} AS ${spec.itemName}, json_extract(i.value, '$.quantity') AS quantity${perItem ? `, ${perItem}` : ''} ` +
    `FROM json_each(:${spec.itemsParam}) AS i JOIN ${spec.catalogue} AS c ON ${join} ORDER BY i.key`
  );
}

/**
 * The release's retail totals skip the items the catalogue lacks and say so: status
 * `partial_success` and a message naming them (lower-cased, in the order given), bound as
 * `status` and `message`. (Dining's totals return no status: their tools set their own returns.)
 */
function unknownItems(spec: TotalsSpec): ToolStep[] {
  const name = `unicode_lower(json_extract(i.value, '$.${spec.itemName}'))`;
  const where = `c.${spec.catalogueName} = lower(json_extract(i.value, '$.${spec.itemName}'))${spec.catalogueWhere ? ` AND ${spec.catalogueWhere}` : ''}`;
  return [{
    sql: "SELECT CASE WHEN count(*) = 0 THEN 'success' ELSE 'partial_success' END AS status, " +
      "CASE WHEN count(*) = 0 THEN 'Calculation completed successfully.' ELSE 'Calculated successfully. However, ' || count(*) || ' product(s) not found in catalog: ' || group_concat(name, ', ') END AS message " +
      `FROM (SELECT ${name} AS name FROM json_each(:${spec.itemsParam}) AS i WHERE NOT EXISTS (SELECT 1 FROM ${spec.catalogue} AS c WHERE ${where}) ORDER BY i.key)`,
    bind: true,
  }];
}

const DONE = { status: '{status}', message: '{message}' };

/** Payment: sum(price * discount * qty). */
export function totalPayment(spec: TotalsSpec): ToolBehaviour {
  const subtotal = `c.price * c.discount * json_extract(i.value, '$.quantity')`;
  return {
    effect: 'read',
    steps: [
      ...unknownItems(spec),
      { as: 'details', sql: itemRows(spec, `round(${subtotal}, 2) AS subtotal`) },
      { as: 'sum', sql: `SELECT round(coalesce(sum(s), 0), 2) AS total FROM (${itemRows(spec, `${subtotal} AS s`)})` },
    ],
    returns: { user_id: '$param.user_id', total: '$value.sum.total', details: '$rows.details', ...DONE },
  };
}

/** Tax: price is tax-inclusive, so tax per item = price * rate / (1 + rate) * discount * qty. */
export function totalTax(spec: TotalsSpec): ToolBehaviour {
  const tax = `c.price * c.tax_rate / (1 + c.tax_rate) * c.discount * json_extract(i.value, '$.quantity')`;
  return {
    effect: 'read',
    steps: [
      ...unknownItems(spec),
      { as: 'details', sql: itemRows(spec, `round(${tax}, 2) AS tax_amount`) },
      { as: 'sum', sql: `SELECT round(coalesce(sum(t), 0), 2) AS total_tax FROM (${itemRows(spec, `${tax} AS t`)})` },
    ],
    returns: { user_id: '$param.user_id', total_tax: '$value.sum.total_tax', details: '$rows.details', ...DONE },
  };
}

/** Nutrition: each nutrient of the catalogue entry times the quantity, summed. */
export function totalNutrition(spec: TotalsSpec): ToolBehaviour {
  const perItem = NUTRIENTS.map((n) => `json_extract(c.nutrition, '$.${n}') * json_extract(i.value, '$.quantity') AS ${n}`).join(', ');
  const sums = NUTRIENTS.map((n) => `round(coalesce(sum(${n}), 0), 2) AS ${n}`).join(', ');
  return {
    effect: 'read',
    steps: [
      ...unknownItems(spec),
      { as: 'details', sql: itemRows(spec, '') },
      { as: 'sum', sql: `SELECT 'TOTAL' AS basis, ${sums} FROM (${itemRows(spec, perItem)})` },
    ],
    returns: { user_id: '$param.user_id', total_nutrition: '$first.sum', details: '$rows.details', ...DONE },
  };
}
