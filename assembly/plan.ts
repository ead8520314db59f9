import { getF64 } from './memory';

// The packed plan (src/measures/plan.ts, packPlan): a header of four counts (measures M,
// levels T, gain columns G, constants per query C), then T levels, G gain codes, G gain
// levels, and M rows of ROW_SIZE fields. Every number is an f64.

export const ROW_KIND: i32 = 0;
export const ROW_CUTOFF: i32 = 1;
export const ROW_THRESHOLD: i32 = 2;
export const ROW_GAIN: i32 = 3;
export const ROW_PARAM: i32 = 4;
export const ROW_IDEAL: i32 = 5;
export const ROW_SIZE: i32 = 6;

@inline export function planMeasures(plan: usize): i32 {
  return <i32>getF64(plan, 0);
}

@inline export function planLevels(plan: usize): i32 {
  return <i32>getF64(plan, 1);
}

@inline export function planGains(plan: usize): i32 {
  return <i32>getF64(plan, 2);
}

@inline export function planConstants(plan: usize): i32 {
  return <i32>getF64(plan, 3);
}

@inline export function threshold(plan: usize, t: i32): f64 {
  return getF64(plan, 4 + t);
}

@inline export function gainType(plan: usize, c: i32): i32 {
  return <i32>getF64(plan, 4 + planLevels(plan) + c);
}

@inline export function gainRel(plan: usize, c: i32): f64 {
  return getF64(plan, 4 + planLevels(plan) + planGains(plan) + c);
}

/** Field `field` of measure row `row`. */
@inline export function rowField(plan: usize, row: i32, field: i32): f64 {
  return getF64(plan, 4 + planLevels(plan) + 2 * planGains(plan) + row * ROW_SIZE + field);
}

/** Index of the judged count in a query's constants. */
@inline export function judgedSlot(plan: usize): i32 {
  return planLevels(plan);
}
