// The four variants: one seed each (base, base+1, …), rendered one at a time
// on the engine's preview lane (no model is needed: the product already has
// its alpha), the selected tile first. Each tile keeps only its newest wish,
// so dragging or sliding never piles up stale renders behind the current one.
import { useCallback, useEffect, useRef, useState } from 'react';
import { toApiError } from '../../../api/errors';
import { task } from '../../../api/tasks';
import { useServices } from '../../../ui/services';
import type { GenerateBackgroundOptions } from '../shared/meta';
import '../shared/tasks';
import { taskOptions, type Look, type Placement } from './look';
import type { Product } from './useProduct';

export const VARIANT_COUNT = 4;

export interface VariantImage {
  blob: Blob;
  url: string;
  seed: number;
  unusedWords: string[];
}

export interface Variant {
  seed: number;
  image: VariantImage | null;
  /** A render of this tile is waiting or running. */
  pending: boolean;
  /** 0–1 while it runs. */
  progress: number | null;
  error: { message: string; code?: string } | null;
}

interface RenderWish {
  product: Product;
  options: GenerateBackgroundOptions;
}

function randomSeed(): number {
  // Room for base + 3 within the API's 32-bit seeds.
  return crypto.getRandomValues(new Uint32Array(1))[0] % (2 ** 32 - VARIANT_COUNT);
}

function freshVariants(): Variant[] {
  const base = randomSeed();
  return Array.from({ length: VARIANT_COUNT }, (_, index) => ({ seed: base + index, image: null, pending: false, progress: null, error: null }));
}

export function useVariants(product: Product | null, look: Look | null, placement: Placement, selected: number) {
  const { engine } = useServices();
  const [variants, setVariants] = useState(freshVariants);
  const seeds = useRef(variants.map((variant) => variant.seed));
  const wishes = useRef<(RenderWish | null)[]>(Array(VARIANT_COUNT).fill(null));
  const running = useRef(false);
  const mounted = useRef(true);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const productRef = useRef(product);
  productRef.current = product;
  // Every URL handed out, to free them when the view goes away.
  const urls = useRef(new Set<string>());

  const forget = useCallback((url: string) => {
    URL.revokeObjectURL(url);
    urls.current.delete(url);
  }, []);

  const patch = useCallback((index: number, change: (variant: Variant) => Partial<Variant>) => {
    if (!mounted.current) return;
    setVariants((all) => all.map((variant, i) => (i === index ? { ...variant, ...change(variant) } : variant)));
  }, []);

  const pump = useCallback(async () => {
    if (running.current) return;
    const waiting = wishes.current;
    const index = waiting[selectedRef.current] ? selectedRef.current : waiting.findIndex(Boolean);
    const wish = waiting[index];
    if (!wish) return;
    waiting[index] = null;
    running.current = true;
    try {
      const output = await engine.run(task('generateBackground', { input: wish.product.image, options: wish.options }), {
        lane: 'preview',
        onProgress: (progress) => patch(index, () => ({ progress: progress.fraction })),
      });
      // A render for a product since replaced would put the old product back.
      if (wish.product !== productRef.current) return;
      const url = URL.createObjectURL(output.blob);
      urls.current.add(url);
      const image = { blob: output.blob, url, seed: output.seed, unusedWords: output.unusedWords };
      patch(index, (variant) => {
        if (variant.image) forget(variant.image.url);
        return { image, error: null };
      });
    } catch (error) {
      if (wish.product !== productRef.current) return;
      const apiError = toApiError(error, 'generate-background');
      patch(index, () => ({ error: { message: apiError.message, code: apiError.code } }));
    } finally {
      running.current = false;
      patch(index, () => ({ pending: waiting[index] !== null, progress: null }));
      void pump();
    }
  }, [engine, patch, forget]);

  const wish = useCallback(
    (index: number) => {
      if (!product || !look) return;
      wishes.current[index] = { product, options: taskOptions(look, placement, seeds.current[index]) };
      patch(index, () => ({ seed: seeds.current[index], pending: true }));
    },
    [product, look, placement, patch],
  );

  // A new product, set, prompt or placement: every tile again, with its seed.
  useEffect(() => {
    for (let index = 0; index < VARIANT_COUNT; index++) wish(index);
    void pump();
  }, [wish, pump]);

  // A new product starts from empty tiles: an old product's image would mislead.
  useEffect(() => {
    setVariants((all) => all.map((variant) => ({ ...variant, image: null, error: null })));
  }, [product]);

  useEffect(() => {
    mounted.current = true;
    const owned = urls.current;
    return () => {
      mounted.current = false;
      wishes.current.fill(null);
      owned.forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);

  /** A new seed for one tile; the others keep theirs and their images. */
  const regenerate = useCallback(
    (index: number) => {
      seeds.current[index] = randomSeed();
      wish(index);
      void pump();
    },
    [wish, pump],
  );

  return { variants, regenerate };
}
