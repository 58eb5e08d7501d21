// Photo-like test scenes, rendered in the browser: a subject (an RGBA vector
// from fluentui-emoji, MIT) on a lit, textured backdrop with a floor and a
// soft contact shadow. Returns the scene and the subject's true alpha.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);

export function subjectSvg(name: string): string {
  return readFileSync(require.resolve(`fluentui-emoji/icons/modern/${name}.svg`), 'utf8');
}

export interface SceneSpec {
  svg: string;
  width: number;
  height: number;
  /** Two backdrop colours, top and bottom. */
  colors: [string, string];
  /** Subject box as fractions of the canvas: x, y, size (of the shorter side). */
  subject: { x: number; y: number; size: number };
  format: 'image/png' | 'image/jpeg';
  seed: number;
  /** Faint coloured blotches on the backdrop (40 unless given). */
  blotches?: number;
}

export interface RenderedScene {
  dataUrl: string;
  /** The subject's alpha (0–255), row-major, width × height. */
  alpha: number[] | null;
}

/** Runs in the page. Self-contained: no imports, no closures. */
async function renderInPage(spec: SceneSpec & { withAlpha: boolean }): Promise<RenderedScene> {
  const { width, height } = spec;
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d')!;
  let state = spec.seed >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  // Backdrop: vertical gradient, a floor plane, light falloff and grain.
  const wall = ctx.createLinearGradient(0, 0, 0, height);
  wall.addColorStop(0, spec.colors[0]);
  wall.addColorStop(1, spec.colors[1]);
  ctx.fillStyle = wall;
  ctx.fillRect(0, 0, width, height);
  const horizon = height * (0.55 + random() * 0.15);
  const floor = ctx.createLinearGradient(0, horizon, 0, height);
  floor.addColorStop(0, 'rgba(0,0,0,0.10)');
  floor.addColorStop(1, 'rgba(0,0,0,0.28)');
  ctx.fillStyle = floor;
  ctx.fillRect(0, horizon, width, height - horizon);
  const light = ctx.createRadialGradient(width * random(), height * 0.2, 0, width / 2, height / 2, Math.max(width, height));
  light.addColorStop(0, 'rgba(255,255,255,0.35)');
  light.addColorStop(1, 'rgba(0,0,0,0.25)');
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < (spec.blotches ?? 40); i++) {
    ctx.fillStyle = `rgba(${random() > 0.5 ? 255 : 0},${random() > 0.5 ? 255 : 0},${random() > 0.5 ? 255 : 0},${0.03 + random() * 0.05})`;
    ctx.beginPath();
    ctx.ellipse(random() * width, random() * height, 20 + random() * width * 0.2, 10 + random() * height * 0.1, random() * Math.PI, 0, Math.PI * 2);
    ctx.fill();
  }
  // The subject.
  const image = await createImageBitmap(new Blob([spec.svg], { type: 'image/svg+xml' }), {}).catch(async () => {
    const img = new Image();
    img.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(spec.svg)))}`;
    await img.decode();
    return img;
  });
  const side = Math.min(width, height) * spec.subject.size;
  const sx = width * spec.subject.x - side / 2;
  const sy = height * spec.subject.y - side / 2;
  ctx.save();
  ctx.filter = `blur(${Math.max(2, side * 0.04)}px)`;
  ctx.fillStyle = 'rgba(0,0,0,0.35)';
  ctx.beginPath();
  ctx.ellipse(sx + side / 2, sy + side * 0.97, side * 0.42, side * 0.06, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  ctx.drawImage(image, sx, sy, side, side);
  // Sensor grain over everything.
  const pixels = ctx.getImageData(0, 0, width, height);
  for (let i = 0; i < pixels.data.length; i += 4) {
    const n = (random() - 0.5) * 10;
    pixels.data[i] += n;
    pixels.data[i + 1] += n;
    pixels.data[i + 2] += n;
  }
  ctx.putImageData(pixels, 0, 0);
  const blob = await canvas.convertToBlob({ type: spec.format, quality: 0.92 });
  const dataUrl = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsDataURL(blob);
  });
  let alpha: number[] | null = null;
  if (spec.withAlpha) {
    const mask = new OffscreenCanvas(width, height);
    const mctx = mask.getContext('2d')!;
    mctx.drawImage(image, sx, sy, side, side);
    const data = mctx.getImageData(0, 0, width, height).data;
    alpha = new Array(width * height);
    for (let i = 0; i < width * height; i++) alpha[i] = data[i * 4 + 3];
  }
  return { dataUrl, alpha };
}

export function renderScene(page: Pick<Page, 'evaluate'>, spec: SceneSpec, withAlpha = false): Promise<RenderedScene> {
  return page.evaluate(renderInPage, { ...spec, withAlpha });
}

/** A small product shot for tests: a sneaker on a warm grey backdrop. */
export function testScene(overrides: Partial<SceneSpec> = {}): SceneSpec {
  return {
    svg: subjectSvg('running-shoe'),
    width: 320,
    height: 240,
    colors: ['#d9d4cc', '#a8a29a'],
    subject: { x: 0.5, y: 0.5, size: 0.7 },
    format: 'image/jpeg',
    seed: 7,
    ...overrides,
  };
}
