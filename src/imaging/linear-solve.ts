// A small dense linear solver: Gaussian elimination with partial pivoting for
// A·X = B with one or more right-hand sides. Meant for systems of a few dozen
// unknowns (spline fits), not for large or sparse ones.

/**
 * Solves A·X = B. A is n×n, row-major; each right-hand side is a column of B
 * given as its own array of n. Neither input is modified.
 *
 * A pivot smaller than `tolerance` × (largest |entry| of A) marks its unknown
 * as undetermined (A is singular in that direction): the unknown is set to 0
 * and the rest solved as usual, so a consistent singular system gets one of
 * its solutions instead of Infinity or NaN.
 */
export function solveLinear(matrix: ArrayLike<number>, rightHandSides: ArrayLike<number>[], n: number, tolerance = 1e-12): Float64Array[] {
  const a = Float64Array.from(matrix);
  const b = rightHandSides.map((rhs) => Float64Array.from(rhs));
  let largest = 0;
  for (let i = 0; i < a.length; i++) largest = Math.max(largest, Math.abs(a[i]));
  const threshold = tolerance * largest;
  const pivotRowOf = new Int32Array(n).fill(-1);

  // Forward elimination column by column; rows already used as pivots are skipped.
  const used = new Uint8Array(n);
  for (let col = 0; col < n; col++) {
    let pivot = -1;
    let best = threshold;
    for (let row = 0; row < n; row++) {
      const magnitude = Math.abs(a[row * n + col]);
      if (!used[row] && magnitude > best) {
        best = magnitude;
        pivot = row;
      }
    }
    if (pivot < 0) continue;
    used[pivot] = 1;
    pivotRowOf[col] = pivot;
    const inverse = 1 / a[pivot * n + col];
    for (let row = 0; row < n; row++) {
      if (used[row]) continue;
      const factor = a[row * n + col] * inverse;
      if (factor === 0) continue;
      for (let k = col; k < n; k++) a[row * n + k] -= factor * a[pivot * n + k];
      for (const column of b) column[row] -= factor * column[pivot];
    }
  }

  // Back substitution in reverse column order; undetermined unknowns stay 0.
  const solutions = b.map(() => new Float64Array(n));
  for (let col = n - 1; col >= 0; col--) {
    const row = pivotRowOf[col];
    if (row < 0) continue;
    const diagonal = a[row * n + col];
    b.forEach((column, s) => {
      const x = solutions[s];
      let sum = column[row];
      for (let k = col + 1; k < n; k++) sum -= a[row * n + k] * x[k];
      x[col] = sum / diagonal;
    });
  }
  return solutions;
}
