// The words a prompt understands, each with what it means for the set. Phrases
// are written without spaces ("golden hour" → "goldenhour"): the parser joins
// up to three neighbouring words before it looks them up.
import type { BACKDROPS, SURFACES } from './parts';

export type SurfaceName = keyof typeof SURFACES;
export type BackdropName = keyof typeof BACKDROPS;

export const SETTINGS = [
  'studio', 'podium', 'beach', 'kitchen', 'bathroom', 'spa', 'forest', 'garden', 'outdoor', 'snow', 'desert', 'cafe', 'city', 'loft', 'office', 'home',
] as const;
export type Setting = (typeof SETTINGS)[number];

export const LIGHTINGS = ['sunset', 'soft', 'dramatic', 'neon', 'morning', 'daylight', 'night', 'candle', 'studio'] as const;
export type Lighting = (typeof LIGHTINGS)[number];

export const MOODS = ['minimal', 'luxury', 'cosy', 'fresh', 'natural', 'rustic', 'modern', 'playful', 'calm', 'moody', 'bright', 'warm', 'cool', 'scandinavian'] as const;
export type Mood = (typeof MOODS)[number];

/** Words whose only use is to be discouraged in a negative prompt. */
export const COUNTERS = ['clutter', 'shadow', 'reflection', 'blur', 'vignette', 'saturated'] as const;
export type Counter = (typeof COUNTERS)[number];

export type Meaning =
  | { kind: 'setting'; setting: Setting }
  | { kind: 'material'; surface?: SurfaceName; backdrop?: BackdropName }
  | { kind: 'lighting'; lighting: Lighting }
  | { kind: 'mood'; mood: Mood }
  | { kind: 'counter'; counter: Counter }
  | { kind: 'target'; target: 'surface' | 'backdrop' }
  | { kind: 'tone'; tone: 'light' | 'dark' }
  | { kind: 'filler' };

const words: Record<string, Meaning> = {};
const define = (list: string, meaning: Meaning) => {
  for (const word of list.split(' ')) words[word] = meaning;
};

define('studio seamless sweep', { kind: 'setting', setting: 'studio' });
define('podium pedestal plinth', { kind: 'setting', setting: 'podium' });
define('beach seaside coast ocean sea shore', { kind: 'setting', setting: 'beach' });
define('kitchen', { kind: 'setting', setting: 'kitchen' });
define('bathroom', { kind: 'setting', setting: 'bathroom' });
define('spa wellness', { kind: 'setting', setting: 'spa' });
define('forest woods woodland jungle', { kind: 'setting', setting: 'forest' });
define('garden park nature greenery', { kind: 'setting', setting: 'garden' });
define('outdoor outdoors outside', { kind: 'setting', setting: 'outdoor' });
define('snow snowy winter', { kind: 'setting', setting: 'snow' });
define('desert dunes', { kind: 'setting', setting: 'desert' });
define('cafe coffeeshop coffee restaurant bakery', { kind: 'setting', setting: 'cafe' });
define('city urban street bar nightclub', { kind: 'setting', setting: 'city' });
define('loft warehouse', { kind: 'setting', setting: 'loft' });
define('office desk workspace', { kind: 'setting', setting: 'office' });
define('home livingroom bedroom interior', { kind: 'setting', setting: 'home' });

define('marble marbled', { kind: 'material', surface: 'marble', backdrop: 'marble' });
define('wood wooden oak walnut timber plank planks', { kind: 'material', surface: 'wood', backdrop: 'wood' });
define('concrete cement', { kind: 'material', surface: 'concrete', backdrop: 'concrete' });
define('steel metal metallic iron industrial', { kind: 'material', surface: 'concrete', backdrop: 'steel' });
define('linen fabric cloth cotton textile', { kind: 'material', surface: 'linen', backdrop: 'linen' });
define('terrazzo quartz granite worktop countertop', { kind: 'material', surface: 'quartz' });
define('slate stone rock', { kind: 'material', surface: 'slate' });
define('sand sandy', { kind: 'material', surface: 'sand' });
define('paper', { kind: 'material', surface: 'paper', backdrop: 'paper' });
define('moss mossy grass grassy', { kind: 'material', surface: 'moss' });
define('brick bricks', { kind: 'material', backdrop: 'brick' });
define('tile tiles tiled ceramic', { kind: 'material', backdrop: 'tiles' });
define('plaster painted', { kind: 'material', backdrop: 'plaster' });
define('bokeh', { kind: 'material', backdrop: 'cafe' });

define('sunset sunrise goldenhour dusk', { kind: 'lighting', lighting: 'sunset' });
define('soft diffused diffuse gentle', { kind: 'lighting', lighting: 'soft' });
define('dramatic contrasty highcontrast spotlight', { kind: 'lighting', lighting: 'dramatic' });
define('neon', { kind: 'lighting', lighting: 'neon' });
define('morning dawn', { kind: 'lighting', lighting: 'morning' });
define('daylight sunny sunlight sunlit noon sun', { kind: 'lighting', lighting: 'daylight' });
define('night evening', { kind: 'lighting', lighting: 'night' });
define('candle candlelight candlelit', { kind: 'lighting', lighting: 'candle' });
define('studiolight studiolighting', { kind: 'lighting', lighting: 'studio' });

define('minimal minimalist minimalistic clean simple plain', { kind: 'mood', mood: 'minimal' });
define('luxury luxurious premium elegant glamorous', { kind: 'mood', mood: 'luxury' });
define('cosy cozy homely', { kind: 'mood', mood: 'cosy' });
define('fresh airy', { kind: 'mood', mood: 'fresh' });
define('natural organic earthy botanical', { kind: 'mood', mood: 'natural' });
define('rustic vintage retro farmhouse', { kind: 'mood', mood: 'rustic' });
define('modern contemporary sleek', { kind: 'mood', mood: 'modern' });
define('playful vibrant bold colorful colourful fun', { kind: 'mood', mood: 'playful' });
define('calm serene peaceful tranquil', { kind: 'mood', mood: 'calm' });
define('moody dark gloomy', { kind: 'mood', mood: 'moody' });
define('bright', { kind: 'mood', mood: 'bright' });
define('warm', { kind: 'mood', mood: 'warm' });
define('cool cold', { kind: 'mood', mood: 'cool' });
define('scandinavian nordic', { kind: 'mood', mood: 'scandinavian' });

define('clutter cluttered busy messy distracting props', { kind: 'counter', counter: 'clutter' });
define('shadow shadows', { kind: 'counter', counter: 'shadow' });
define('reflection reflections reflective shiny glossy', { kind: 'counter', counter: 'reflection' });
define('blur blurry blurred', { kind: 'counter', counter: 'blur' });
define('vignette vignetting', { kind: 'counter', counter: 'vignette' });
define('saturated oversaturated', { kind: 'counter', counter: 'saturated' });

define('table tabletop floor surface counter top ground shelf', { kind: 'target', target: 'surface' });
define('wall backdrop background behind', { kind: 'target', target: 'backdrop' });
define('light pale', { kind: 'tone', tone: 'light' });
define('deep', { kind: 'tone', tone: 'dark' });

define('a an the on in with and of at for by to near over under some against standing placed sitting set setting', { kind: 'filler' });
define('product photo photograph photography shot scene image picture style styled', { kind: 'filler' });

export const VOCABULARY: Readonly<Record<string, Meaning>> = words;
