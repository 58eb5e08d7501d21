// IEEE half-precision bit patterns to float32, through a 65536-entry table
// built on first use (256 KB): ISNet ships its weights as float16; widening
// the graph, quantising its convolutions and converting it to TFLite all read
// them as float32.

let table: Float32Array | null = null;

function halfTable(): Float32Array {
  if (table) return table;
  const values = new Float32Array(65536);
  for (let h = 0; h < 65536; h++) {
    const sign = h & 0x8000 ? -1 : 1;
    const exponent = (h >> 10) & 0x1f;
    const fraction = h & 0x3ff;
    if (exponent === 0) values[h] = sign * 2 ** -14 * (fraction / 1024);
    else if (exponent === 31) values[h] = fraction ? NaN : sign * Infinity;
    else values[h] = sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
  }
  table = values;
  return values;
}

export function readFloat16(bits: Uint16Array): Float32Array {
  // Copied as 32-bit patterns: no float conversion per element, about twice as fast.
  const patterns = new Uint32Array(halfTable().buffer);
  const out = new Float32Array(bits.length);
  const outPatterns = new Uint32Array(out.buffer);
  for (let i = 0; i < bits.length; i++) outPatterns[i] = patterns[bits[i]];
  return out;
}
