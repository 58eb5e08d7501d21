// A smooth grey texture with detail at several scales, different per seed:
// something block matching can lock onto, for the motion tests.

export function texture(seed: number): (x: number, y: number) => number {
  const waves = Array.from({ length: 6 }, (_, k) => {
    const angle = seed * 1.7 + k * 2.1;
    const frequency = 0.12 + 0.09 * k;
    return { fx: Math.cos(angle) * frequency, fy: Math.sin(angle) * frequency, phase: seed + k, amplitude: 0.12 / (1 + 0.3 * k) };
  });
  return (x, y) => 0.5 + waves.reduce((sum, w) => sum + w.amplitude * Math.sin(w.fx * x + w.fy * y + w.phase), 0);
}
