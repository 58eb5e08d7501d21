// From a parsed prompt to a set plan: start from the named setting (or the
// default studio), swap in the named materials, apply lighting and moods, paint
// the named colours, then counter what the negative prompt discourages.
import { luminance, mix, resembles, scaleRgb, type Rgb } from '../../../imaging/scene/color';
import { BACKDROPS, LIGHTS, SURFACES } from './parts';
import type { LightPart, Palette, SetPlan } from './plan';
import type { ParsedPrompt } from './prompt';
import { DEFAULT_SET } from './sets';
import { SETTING_PLANS } from './settings';
import type { BackdropName, Lighting, Mood, SurfaceName } from './vocabulary';

const BUSY_BACKDROPS: readonly string[] = ['bokeh', 'forest', 'brick'];

function first<T>(wanted: readonly T[], avoided: readonly T[]): T | undefined {
  return wanted.find((item) => !avoided.includes(item));
}

/** A palette of one colour in the roles a material gives its three colours. */
function paletteOf(colour: Rgb, material: string): Palette {
  switch (material) {
    case 'wood':
      return [colour, scaleRgb(colour, 0.55), scaleRgb(colour, 0.2)];
    case 'marble':
    case 'terrazzo':
      // Dark stone has pale veins, pale stone dark ones.
      return luminance(colour) < 0.08
        ? [colour, mix(colour, [1, 1, 1], 0.08), mix(colour, [1, 1, 1], 0.75)]
        : [mix(colour, [1, 1, 1], 0.35), colour, scaleRgb(colour, 0.45)];
    case 'brick':
      return [scaleRgb(colour, 0.85), colour, mix(colour, [0.8, 0.78, 0.74], 0.7)];
    case 'tiles':
      return [colour, scaleRgb(colour, 0.92), mix(colour, [0.85, 0.84, 0.8], 0.7)];
    case 'bokeh':
      return [scaleRgb(colour, 0.25), scaleRgb(colour, 0.45), mix(colour, [1, 1, 1], 0.5)];
    default:
      return [colour, scaleRgb(colour, 0.88), scaleRgb(colour, 0.65)];
  }
}

const LIGHTING_PARTS: Record<Lighting, LightPart> = {
  sunset: LIGHTS.sunset,
  soft: { ...LIGHTS.window, size: [0.8, 1] },
  dramatic: { ...LIGHTS.hard, ambient: scaleRgb(LIGHTS.hard.ambient, 0.45), shadowOpacity: 0.75 },
  neon: LIGHTS.neon,
  morning: { ...LIGHTS.window, color: scaleRgb(LIGHTS.window.color, 1.1) },
  daylight: LIGHTS.sun,
  night: { ...LIGHTS.dim, ambient: scaleRgb(LIGHTS.neon.ambient, 0.25) },
  candle: LIGHTS.dim,
  studio: LIGHTS.studio,
};

function applyMood(plan: SetPlan, mood: Mood, named: { surface: boolean; backdrop: boolean }): SetPlan {
  switch (mood) {
    case 'minimal':
      return { ...plan, vignette: plan.vignette * 0.5, saturation: plan.saturation * 0.9, backdrop: named.backdrop ? plan.backdrop : BACKDROPS.plaster };
    case 'luxury':
      return {
        ...plan,
        surface: named.surface ? { ...plan.surface, gloss: plan.surface.gloss + 0.1 } : SURFACES.marble,
        vignette: plan.vignette + 0.12,
        light: { ...plan.light, size: [0.25, 0.4] },
      };
    case 'cosy':
      return { ...plan, light: LIGHTS.warm, surface: named.surface ? plan.surface : SURFACES.wood };
    case 'fresh':
      return { ...plan, exposure: plan.exposure * 1.12, light: LIGHTS.window };
    case 'natural':
      return { ...plan, surface: named.surface ? plan.surface : SURFACES.linen, saturation: plan.saturation * 0.95 };
    case 'rustic':
      return { ...plan, surface: named.surface ? plan.surface : SURFACES.wood, backdrop: named.backdrop ? plan.backdrop : BACKDROPS.brick, saturation: plan.saturation * 0.88 };
    case 'modern':
      return { ...plan, surface: named.surface ? plan.surface : SURFACES.concrete };
    case 'playful':
      return { ...plan, saturation: plan.saturation * 1.25 };
    case 'calm':
      return { ...plan, saturation: plan.saturation * 0.85, light: { ...plan.light, size: [0.7, 0.95] } };
    case 'moody':
      return { ...plan, exposure: plan.exposure * 0.72, vignette: plan.vignette + 0.2 };
    case 'bright':
      return { ...plan, exposure: plan.exposure * 1.18 };
    case 'warm':
      return { ...plan, light: { ...plan.light, color: mix(plan.light.color, LIGHTS.warm.color, 0.7) } };
    case 'cool':
      return { ...plan, light: { ...plan.light, color: mix(plan.light.color, LIGHTS.hard.color, 0.7) } };
    case 'scandinavian':
      return { ...plan, surface: named.surface ? plan.surface : { ...SURFACES.wood, palettes: [SURFACES.wood.palettes[2]] }, exposure: plan.exposure * 1.1 };
  }
}

function withoutColours(palettes: readonly Palette[], avoid: readonly Rgb[]): readonly Palette[] {
  if (avoid.length === 0) return palettes;
  const clear = palettes.filter((p) => !avoid.some((a) => p.some((c) => resembles(c, a))));
  if (clear.length > 0) return clear;
  // Every palette has the colour: take the hue out of them.
  const grey = (c: Rgb): Rgb => [luminance(c), luminance(c), luminance(c)];
  return palettes.map((p) => [grey(p[0]), grey(p[1]), grey(p[2])] as const);
}

export function planFromPrompt({ wanted, avoided }: ParsedPrompt): SetPlan {
  const setting = first(wanted.settings, avoided.settings);
  let plan = setting ? SETTING_PLANS[setting] : DEFAULT_SET;
  if (avoided.settings.includes('studio') && !setting) plan = SETTING_PLANS.home;
  const surfaceName: SurfaceName | undefined = first(wanted.surfaces, avoided.surfaces);
  const backdropName: BackdropName | undefined = first(wanted.backdrops, avoided.backdrops);
  // A named material breaks the seamless sweep: the surface now meets a wall.
  if (surfaceName) plan = { ...plan, surface: SURFACES[surfaceName], sweep: false };
  if (backdropName) plan = { ...plan, backdrop: BACKDROPS[backdropName], sweep: false };
  if (plan.sweep === false && plan.backdrop === BACKDROPS.paper) plan = { ...plan, backdrop: BACKDROPS.plaster };
  if (avoided.surfaces.some((name) => SURFACES[name].material === plan.surface.material)) plan = { ...plan, surface: SURFACES.paper };
  const lighting = first(wanted.lightings, avoided.lightings);
  if (lighting) plan = { ...plan, light: LIGHTING_PARTS[lighting] };
  if (lighting === 'neon' && !backdropName && !setting) plan = { ...plan, backdrop: BACKDROPS.city, surface: SURFACES.slate, sweep: false };
  if (lighting === 'sunset' || lighting === 'night') plan = { ...plan, exposure: plan.exposure * (lighting === 'night' ? 0.7 : 0.95) };
  const named = { surface: Boolean(surfaceName || setting), backdrop: Boolean(backdropName || setting) };
  for (const mood of wanted.moods) if (!avoided.moods.includes(mood)) plan = applyMood(plan, mood, named);

  // Colours: said of a part, or else the first colours the backdrop then the surface.
  const free = wanted.colours.filter((c) => c.target === null).map((c) => c.colour);
  const backdropColour = wanted.colours.find((c) => c.target === 'backdrop')?.colour ?? free.shift();
  const surfaceColour = wanted.colours.find((c) => c.target === 'surface')?.colour ?? free.shift();
  if (backdropColour) plan = { ...plan, backdrop: { ...plan.backdrop, palettes: [paletteOf(backdropColour, plan.backdrop.kind)] } };
  if (surfaceColour) plan = { ...plan, surface: { ...plan.surface, palettes: [paletteOf(surfaceColour, plan.surface.material)] } };
  if (plan.sweep && backdropColour && !surfaceColour) plan = { ...plan, surface: { ...plan.surface, palettes: plan.backdrop.palettes } };

  return counter(plan, avoided);
}

function counter(plan: SetPlan, avoided: ParsedPrompt['avoided']): SetPlan {
  const avoid = avoided.colours.map((c) => c.colour);
  let out: SetPlan = {
    ...plan,
    surface: { ...plan.surface, palettes: withoutColours(plan.surface.palettes, avoid) },
    backdrop: { ...plan.backdrop, palettes: withoutColours(plan.backdrop.palettes, avoid) },
  };
  for (const mood of avoided.moods) {
    if (mood === 'moody') {
      // "Not dark": brighter, and no palette that is dark to begin with.
      const light = (p: Palette) => luminance(p[0]) > 0.12;
      const brighter = (ps: readonly Palette[]) => (ps.some(light) ? ps.filter(light) : ps.map((p) => p.map((c) => mix(c, [1, 1, 1], 0.5)) as unknown as Palette));
      out = {
        ...out,
        exposure: Math.max(out.exposure, 1) * 1.2,
        vignette: out.vignette * 0.5,
        surface: { ...out.surface, palettes: brighter(out.surface.palettes) },
        backdrop: { ...out.backdrop, palettes: brighter(out.backdrop.palettes) },
        light: { ...out.light, ambient: scaleRgb(out.light.ambient, 1.6) },
      };
    }
    if (mood === 'bright') out = { ...out, exposure: out.exposure * 0.85 };
    if (mood === 'warm') out = { ...out, light: { ...out.light, color: mix(out.light.color, LIGHTS.hard.color, 0.8) } };
    if (mood === 'cool') out = { ...out, light: { ...out.light, color: mix(out.light.color, LIGHTS.warm.color, 0.8) } };
    if (mood === 'playful') out = { ...out, saturation: out.saturation * 0.85 };
  }
  for (const c of avoided.counters) {
    if (c === 'clutter' && BUSY_BACKDROPS.includes(out.backdrop.kind)) out = { ...out, backdrop: BACKDROPS.plaster };
    if (c === 'clutter') out = { ...out, vignette: out.vignette * 0.5 };
    if (c === 'shadow') out = { ...out, light: { ...out.light, shadowOpacity: out.light.shadowOpacity * 0.35, size: [0.85, 1] } };
    if (c === 'reflection') out = { ...out, surface: { ...out.surface, gloss: 0 } };
    if (c === 'blur') out = { ...out, camera: { ...out.camera, aperture: [out.camera.aperture[0] * 0.25, out.camera.aperture[1] * 0.25] } };
    if (c === 'vignette') out = { ...out, vignette: 0 };
    if (c === 'saturated') out = { ...out, saturation: out.saturation * 0.8 };
  }
  return out;
}
