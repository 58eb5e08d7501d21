// The recipe of one generation: a preset scene, or a prompt, or the default
// set, realised with a seed.
import type { SceneRecipe } from '../../../imaging/scene/recipe';
import type { GenerateBackgroundOptions } from '../shared/meta';
import { realise } from './plan';
import { parsePrompt } from './prompt';
import { planFromPrompt } from './prompt-plan';
import { DEFAULT_SET, SETS } from './sets';

export interface ResolvedScene {
  recipe: SceneRecipe;
  /** Prompt words that were not understood. */
  unused: string[];
}

export function sceneRecipe(options: Pick<GenerateBackgroundOptions, 'scene' | 'prompt' | 'negativePrompt'>, seed: number): ResolvedScene {
  if (options.scene) return { recipe: realise(SETS[options.scene], seed), unused: [] };
  if (!options.prompt && options.negativePrompt.length === 0) return { recipe: realise(DEFAULT_SET, seed), unused: [] };
  const parsed = parsePrompt(options.prompt ?? '', options.negativePrompt);
  return { recipe: realise(planFromPrompt(parsed), seed), unused: parsed.unused };
}
