// Procedurally drawn product cut-outs (straight RGBA, transparent around them)
// for tests, the gallery and the bench: a glass bottle, partly see-through with
// highlights, and an opaque glazed mug. Drawn analytically with 4×4
// supersampling, so edges are antialiased like a real matte.
import type { RgbaImage } from '../../src/imaging/image';

type Shade = (x: number, y: number) => readonly [number, number, number, number] | null;

const SUPERSAMPLE = 4;

/** Renders a shader over a width × height canvas; x and y are fractions (0–1). */
function draw(width: number, height: number, shade: Shade): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const c = shade((px + (sx + 0.5) / SUPERSAMPLE) / width, (py + (sy + 0.5) / SUPERSAMPLE) / height);
          if (!c) continue;
          r += c[0] * c[3];
          g += c[1] * c[3];
          b += c[2] * c[3];
          a += c[3];
        }
      }
      const o = (py * width + px) * 4;
      const n = SUPERSAMPLE * SUPERSAMPLE;
      if (a > 0) {
        data[o] = r / a;
        data[o + 1] = g / a;
        data[o + 2] = b / a;
      }
      data[o + 3] = (a / n) * 255;
    }
  }
  return { data, width, height };
}

/** Half-width of the bottle's silhouette at height y (0 top … 1 bottom), in canvas widths. */
function bottleHalfWidth(y: number): number {
  if (y < 0.02) return 0;
  if (y < 0.16) return 0.085; // cap
  if (y < 0.3) return 0.065; // neck
  if (y < 0.42) return 0.065 + (0.3 - 0.065) * Math.sin(((y - 0.3) / 0.12) * (Math.PI / 2)); // shoulder
  if (y < 0.985) return 0.3;
  return 0;
}

/** A perfume-style glass bottle with amber liquid, a metal cap and specular streaks. */
export function glassBottle(height = 256): RgbaImage {
  const width = Math.round(height * 0.62);
  return draw(width, height, (fx, y) => {
    const x = (fx - 0.5) * (width / height) * 1.6;
    const half = bottleHalfWidth(y);
    if (Math.abs(x) > half) return null;
    const across = x / half;
    const rim = Math.abs(across) ** 6;
    if (y < 0.16) {
      // Brushed metal cap: opaque, lit from the left.
      const light = 0.55 + 0.4 * Math.cos((across + 0.35) * 1.4);
      return [200 * light + 30, 180 * light + 25, 120 * light + 20, 1];
    }
    const streak = Math.exp(-(((across + 0.55) / 0.07) ** 2)) + 0.5 * Math.exp(-(((across - 0.7) / 0.05) ** 2));
    const liquid = y > 0.5 && y < 0.95;
    const base = y > 0.95;
    if (liquid) {
      const depth = 0.7 + 0.3 * Math.cos(across * 1.3);
      return [
        Math.min(255, 214 * depth + 255 * streak),
        Math.min(255, 140 * depth + 255 * streak),
        Math.min(255, 60 * depth + 255 * streak),
        Math.min(1, 0.8 + 0.2 * rim + streak),
      ];
    }
    // Empty glass: mostly clear, denser at the rim (Fresnel) and the thick base.
    const alpha = Math.min(1, 0.18 + 0.55 * rim + (base ? 0.45 : 0) + streak * 0.9);
    return [Math.min(255, 200 + 55 * streak), Math.min(255, 222 + 33 * streak), Math.min(255, 215 + 40 * streak), alpha];
  });
}

/** A glazed ceramic mug seen from the side, handle on the right, lit from the left. */
export function ceramicMug(height = 256, glaze: readonly [number, number, number] = [46, 120, 128]): RgbaImage {
  const width = Math.round(height * 1.15);
  const aspect = width / height;
  return draw(width, height, (fx, y) => {
    const x = fx * aspect;
    const cx = 0.5;
    const half = 0.38;
    const top = 0.08;
    const bottom = 0.96;
    const ellipse = 0.07;
    const across = (x - cx) / half;
    const inBody = Math.abs(across) <= 1 && y >= top && y <= bottom - ellipse * (1 - Math.sqrt(Math.max(0, 1 - across * across)));
    const rimDistance = ((x - cx) / half) ** 2 + ((y - top) / ellipse) ** 2;
    const hx = x - (cx + half + 0.05);
    const hy = y - 0.47;
    const handleDistance = Math.hypot(hx / 0.15, hy / 0.22);
    const inHandle = hx > -0.05 && handleDistance <= 1 && handleDistance >= 0.62;
    if (!inBody && rimDistance > 1 && !inHandle) return null;
    if (rimDistance <= 1 && y <= top + ellipse) {
      // Inside of the mug, seen through the rim: darker glaze.
      const inner = rimDistance < 0.8;
      const k = inner ? 0.45 + 0.25 * (y - top + ellipse) / (2 * ellipse) : 0.95;
      return [glaze[0] * k + (inner ? 0 : 40), glaze[1] * k + (inner ? 0 : 40), glaze[2] * k + (inner ? 0 : 40), 1];
    }
    const nx = inHandle ? 0.6 : across;
    const lambert = Math.max(0, -nx * 0.6 + Math.sqrt(Math.max(0, 1 - nx * nx)) * 0.8);
    const shade = 0.35 + 0.75 * lambert;
    const gloss = inHandle ? 0 : Math.exp(-(((across + 0.45) / 0.08) ** 2)) * 0.8;
    return [
      Math.min(255, glaze[0] * shade + 255 * gloss),
      Math.min(255, glaze[1] * shade + 255 * gloss),
      Math.min(255, glaze[2] * shade + 255 * gloss),
      1,
    ];
  });
}
