// The WebAssembly module's exports: the batch kernels, one per label type (and, for step 0, ideal
// label type), and the scratch layout. The glue (src/backends/wasm.ts) places every array in the
// shared linear memory above heapBase() and passes offsets; the kernels never allocate. A
// generic function cannot be exported, hence one plain wrapper per instantiation.
import { evaluateQueries } from './evaluateQueries';
import { prepareQueries } from './prepareQueries';

export { layoutScratch, scratchBytes } from './scratch';

/** The first byte the glue may use: everything below holds the module's static data. */
export function heapBase(): usize {
  return __heap_base;
}

// prepareQueries per label type and ideal label type, as the native addon instantiates it
export function prepareQueriesU8U8(labels: usize, offsets: usize, first: i32, last: i32, ideal: usize, idealOffsets: usize, relevant: usize, plan: usize, constants: usize, status: usize): i32 {
  return prepareQueries<u8, u8>(labels, offsets, first, last, ideal, idealOffsets, relevant, plan, constants, status);
}

export function prepareQueriesU8I32(labels: usize, offsets: usize, first: i32, last: i32, ideal: usize, idealOffsets: usize, relevant: usize, plan: usize, constants: usize, status: usize): i32 {
  return prepareQueries<u8, i32>(labels, offsets, first, last, ideal, idealOffsets, relevant, plan, constants, status);
}

export function prepareQueriesU8F64(labels: usize, offsets: usize, first: i32, last: i32, ideal: usize, idealOffsets: usize, relevant: usize, plan: usize, constants: usize, status: usize): i32 {
  return prepareQueries<u8, f64>(labels, offsets, first, last, ideal, idealOffsets, relevant, plan, constants, status);
}

export function prepareQueriesI32U8(labels: usize, offsets: usize, first: i32, last: i32, ideal: usize, idealOffsets: usize, relevant: usize, plan: usize, constants: usize, status: usize): i32 {
  return prepareQueries<i32, u8>(labels, offsets, first, last, ideal, idealOffsets, relevant, plan, constants, status);
}

export function prepareQueriesI32I32(labels: usize, offsets: usize, first: i32, last: i32, ideal: usize, idealOffsets: usize, relevant: usize, plan: usize, constants: usize, status: usize): i32 {
  return prepareQueries<i32, i32>(labels, offsets, first, last, ideal, idealOffsets, relevant, plan, constants, status);
}

export function prepareQueriesI32F64(labels: usize, offsets: usize, first: i32, last: i32, ideal: usize, idealOffsets: usize, relevant: usize, plan: usize, constants: usize, status: usize): i32 {
  return prepareQueries<i32, f64>(labels, offsets, first, last, ideal, idealOffsets, relevant, plan, constants, status);
}

export function prepareQueriesF64U8(labels: usize, offsets: usize, first: i32, last: i32, ideal: usize, idealOffsets: usize, relevant: usize, plan: usize, constants: usize, status: usize): i32 {
  return prepareQueries<f64, u8>(labels, offsets, first, last, ideal, idealOffsets, relevant, plan, constants, status);
}

export function prepareQueriesF64I32(labels: usize, offsets: usize, first: i32, last: i32, ideal: usize, idealOffsets: usize, relevant: usize, plan: usize, constants: usize, status: usize): i32 {
  return prepareQueries<f64, i32>(labels, offsets, first, last, ideal, idealOffsets, relevant, plan, constants, status);
}

export function prepareQueriesF64F64(labels: usize, offsets: usize, first: i32, last: i32, ideal: usize, idealOffsets: usize, relevant: usize, plan: usize, constants: usize, status: usize): i32 {
  return prepareQueries<f64, f64>(labels, offsets, first, last, ideal, idealOffsets, relevant, plan, constants, status);
}

export function evaluateQueriesU8(scores: usize, labels: usize, offsets: usize, queries: i32, first: i32, last: i32, tieKeys: usize, mode: i32, plan: usize, constants: usize, out: usize, status: usize): i32 {
  return evaluateQueries<u8>(scores, labels, offsets, queries, first, last, tieKeys, mode, plan, constants, out, status);
}

export function evaluateQueriesI32(scores: usize, labels: usize, offsets: usize, queries: i32, first: i32, last: i32, tieKeys: usize, mode: i32, plan: usize, constants: usize, out: usize, status: usize): i32 {
  return evaluateQueries<i32>(scores, labels, offsets, queries, first, last, tieKeys, mode, plan, constants, out, status);
}

export function evaluateQueriesF64(scores: usize, labels: usize, offsets: usize, queries: i32, first: i32, last: i32, tieKeys: usize, mode: i32, plan: usize, constants: usize, out: usize, status: usize): i32 {
  return evaluateQueries<f64>(scores, labels, offsets, queries, first, last, tieKeys, mode, plan, constants, out, status);
}
