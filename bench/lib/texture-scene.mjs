// eval:quint8's scene, which bench:quant judges graphs on too: a lit ball and
// its soft shadow on a wall with a faint periodic texture of a few grey levels
// (as fabric, paper or paint), with an exact truth.

export const TEXTURE_SIDE = 1024;
/** Texture amplitudes, as a share of the full 0–1 range (0.01 ≈ 2.5 grey levels). */
export const TEXTURE_AMPLITUDES = [0, 0.01, 0.03];
export const BALL = { x: 0.5 * TEXTURE_SIDE, y: 0.52 * TEXTURE_SIDE, r: 0.26 * TEXTURE_SIDE };

/** Seed 0 is the scene above; others move and resize the ball and change the texture's frequencies and phase. */
function layoutOf(seed) {
  if (seed === 0) return { ball: BALL, frequency: [0.11, 0.05, 0.07], phase: 0 };
  let state = (seed * 2654435761) >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const ball = { x: (0.38 + 0.24 * random()) * TEXTURE_SIDE, y: (0.42 + 0.16 * random()) * TEXTURE_SIDE, r: (0.18 + 0.12 * random()) * TEXTURE_SIDE };
  const stretch = 0.6 + 0.8 * random();
  return { ball, frequency: [0.11 * stretch, 0.05 * (0.6 + 0.8 * random()), 0.07 * stretch], phase: 2 * Math.PI * random() };
}

/**
 * eval:quint8's scene as the model's input (x/255 − 0.5, planar RGB) and its
 * true alpha (0–255); `seed` picks another layout of the same kind (0: eval:quint8's).
 */
export function textureScene(amplitude, seed = 0) {
  const side = TEXTURE_SIDE;
  const { ball, frequency, phase } = layoutOf(seed);
  const input = new Float32Array(3 * side * side);
  const truth = new Uint8Array(side * side);
  const ballColour = [0.85, 0.25, 0.2];
  const wallTint = [0.95, 0.9, 0.8];
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const dx = (x - ball.x) / ball.r;
      const dy = (y - ball.y) / ball.r;
      const d2 = dx * dx + dy * dy;
      let rgb;
      if (d2 < 1) {
        const light = Math.max(0, -0.4 * dx - 0.5 * dy + 0.77 * Math.sqrt(1 - d2));
        rgb = ballColour.map((c) => Math.min(1, c * (0.25 + 0.75 * light) + 0.6 * light ** 30));
        truth[y * side + x] = 255;
      } else {
        const wall = 0.78 - 0.25 * (y / side);
        const shadow = Math.exp(-(((x - ball.x - 30) / (ball.r * 1.1)) ** 2 + ((y - ball.y - ball.r * 0.95) / (ball.r * 0.25)) ** 2));
        const texture = amplitude * Math.sin(x * frequency[0] + phase + Math.sin(y * frequency[1])) * Math.cos(y * frequency[2]);
        rgb = wallTint.map((tint) => (wall * tint + texture) * (1 - 0.5 * shadow));
      }
      for (let c = 0; c < 3; c++) input[c * side * side + y * side + x] = rgb[c] - 0.5;
    }
  }
  return { name: `texture ${amplitude} (${(amplitude * 255).toFixed(1)} grey levels)`, amplitude, input, truth };
}

