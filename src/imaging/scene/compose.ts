// A product placed in a generated set: the set at a working resolution, then
// at full resolution the product's shadow and reflection, the camera finish,
// and the product's own pixels on top.
import type { RgbaImage } from '../image';
import { placementBox, type Placement } from '../placement';
import { resizeRgba } from '../resize';
import { finishRgb } from './finish';
import { sceneGeometry } from './geometry';
import { applyReflection, applyShadow } from './ground-effects';
import { compositeProduct } from './product-composite';
import type { SceneRecipe } from './recipe';
import { renderSet } from './render';
import { upsampleRgb } from './upsample';

export interface CompositionOptions {
  /** Output side, pixels. */
  side: number;
  /** Side at which the set is rendered before it is enlarged; its detail is soft anyway. */
  workingSide: number;
}

export const DEFAULT_COMPOSITION: CompositionOptions = { side: 1024, workingSide: 512 };

/**
 * @param product straight RGBA, trimmed to its alpha
 * @returns opaque RGBA, side × side
 */
export function composeScene(recipe: SceneRecipe, product: RgbaImage, placement: Placement, options = DEFAULT_COMPOSITION): RgbaImage {
  const { side, workingSide } = options;
  const box = placementBox(product, placement, { width: side, height: side });
  const placed = box.width === product.width && box.height === product.height ? product : resizeRgba(product, box.width, box.height);
  const geometry = sceneGeometry(recipe.camera, (box.y + box.height) / side);
  const frame = { x: box.x / side, y: box.y / side, width: box.width / side, height: box.height / side };
  const set = upsampleRgb(renderSet(recipe, geometry, frame, workingSide), workingSide, workingSide, side, side);
  const floorTop = geometry.horizon * side;
  applyShadow(set, side, placed, box, recipe.light, floorTop);
  applyReflection(set, side, placed, box, recipe.surface.gloss);
  const pixels = finishRgb(set, side, side, recipe);
  compositeProduct(pixels, side, placed, box);
  return { data: pixels, width: side, height: side };
}
