// Generated scenes: every set is repeatable from its seed, and the product's
// own pixels pass through untouched where it is opaque.
import { describe, expect, test } from 'vitest';
import { SCENES } from '../../../src/features/generate-background/shared/meta';
import { sceneRecipe } from '../../../src/features/generate-background/worker/recipe';
import { generatePixels } from '../../../src/features/generate-background/worker/generate-pixels';
import { composeScene } from '../../../src/imaging/scene/compose';
import { trimToAlpha } from '../../../src/imaging/trim';
import { ceramicMug, glassBottle } from '../../support/products';

const small = { side: 256, workingSide: 128 };
const bottle = trimToAlpha(glassBottle(96))!;
const placement = { scale: 0.4, xCenter: 0.5, yCenter: 0.6 };

describe('seed determinism', () => {
  test.each([...SCENES])('%s: the same seed gives the same pixels, another seed others', (scene) => {
    const render = (seed: number) => composeScene(sceneRecipe({ scene, negativePrompt: [] }, seed).recipe, bottle, placement, small).data;
    const a = render(7);
    expect(Buffer.from(render(7)).equals(Buffer.from(a))).toBe(true);
    expect(Buffer.from(render(8)).equals(Buffer.from(a))).toBe(false);
  });

  test('a prompt is as repeatable as a set', () => {
    const render = () => composeScene(sceneRecipe({ prompt: 'sunset beach', negativePrompt: ['dark'] }, 3).recipe, bottle, placement, small).data;
    expect(Buffer.from(render()).equals(Buffer.from(render()))).toBe(true);
  });
});

describe('the product is never repainted', () => {
  test('inside its opaque core every pixel is the cut-out’s own, at 1024²', () => {
    const mug = trimToAlpha(ceramicMug(300))!;
    // scale such that the box is exactly the mug's size: no resampling.
    const scale = Math.max(mug.width, mug.height) / 1024;
    const { image } = generatePixels({ image: mug, cutOut: false }, { transform: { scale, xCenter: 0.5, yCenter: 0.6 }, scene: 'marble', negativePrompt: [] }, 5);
    const x0 = Math.round(0.5 * 1024 - mug.width / 2);
    const y0 = Math.round(0.6 * 1024 - mug.height / 2);
    let opaque = 0;
    for (let y = 0; y < mug.height; y++) {
      for (let x = 0; x < mug.width; x++) {
        const p = (y * mug.width + x) * 4;
        if (mug.data[p + 3] !== 255) continue;
        opaque++;
        const o = ((y0 + y) * 1024 + x0 + x) * 4;
        if (image.data[o] !== mug.data[p] || image.data[o + 1] !== mug.data[p + 1] || image.data[o + 2] !== mug.data[p + 2]) {
          throw new Error(`pixel ${x},${y} changed`);
        }
      }
    }
    expect(opaque).toBeGreaterThan(mug.width * mug.height * 0.5);
  });

  test('the shadow darkens the surface at the foot and falls away from the light', () => {
    const mug = trimToAlpha(ceramicMug(80))!;
    const place = { scale: 0.3, xCenter: 0.5, yCenter: 0.55 };
    for (const side of [-1, 1]) {
      const { recipe } = sceneRecipe({ scene: 'linen', negativePrompt: [] }, 2);
      const lit = { ...recipe, light: { ...recipe.light, x: 0.8 * side, y: 0.5 } };
      const withShadow = composeScene(lit, mug, place, small).data;
      const without = composeScene({ ...lit, light: { ...lit.light, shadowOpacity: 0 } }, mug, place, small).data;
      let weight = 0;
      let sumX = 0;
      for (let i = 0; i < 256 * 256; i++) {
        const darker = without[i * 4] + without[i * 4 + 1] - withShadow[i * 4] - withShadow[i * 4 + 1];
        if (darker <= 4) continue;
        weight += darker;
        sumX += darker * (i % 256);
      }
      expect(weight).toBeGreaterThan(0);
      // Light on the right throws the shadow to the left, and the other way round.
      expect(Math.sign(sumX / weight - 128)).toBe(-side);
    }
  });
});
