import { describe, expect, it } from 'vitest';
import { Column } from '../src/util/column.js';

describe('Column', () => {
  it('appends runs that continue it, sets values anywhere else, and grows past its first 64', () => {
    const c = new Column();
    c.setAt(Int32Array.of(0, 1, 2), Float64Array.of(1, 2, 3));
    c.setAt(Int32Array.of(1, 5), Float64Array.of(20, 6));
    expect([...c.view()]).toEqual([1, 20, 3, 0, 0, 6]);
    c.append(Float64Array.from({ length: 100 }, (_, i) => i));
    expect(c.length).toBe(106);
    expect(c.view()[105]).toBe(99);
    c.setAt(Int32Array.of(106, 107), Float64Array.of(-1, -2, -3));
    expect([...c.view().subarray(104)]).toEqual([98, 99, -1, -2]);
  });
});
