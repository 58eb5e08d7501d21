// The one input the model is checked with wherever two runs must agree (the
// engine's LiteRT probe, bench:litert, the patched-model tests): a normalised
// (x/255 − 0.5) NCHW image of a bright disc on a textured field, so the mask
// has an edge to agree on.
export function probeInput(side: number): Float32Array {
  const data = new Float32Array(3 * side * side);
  for (let c = 0; c < 3; c++) {
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const inside = Math.hypot(x - side * 0.5, y - side * 0.55) < side * 0.28;
        data[c * side * side + y * side + x] = inside ? 0.35 - c * 0.1 : -0.2 + 0.1 * Math.sin(x / 9 + c) * Math.cos(y / 13);
      }
    }
  }
  return data;
}
