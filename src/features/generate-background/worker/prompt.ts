// Reads a prompt into the parts of a set: a setting, materials, colours (and
// what they colour), lighting and moods; and a negative prompt into what to
// avoid. Words it does not know are returned, so the caller can say so.
import { mix, scaleRgb, type Rgb } from '../../../imaging/scene/color';
import { COLOUR_WORDS } from './colour-words';
import { VOCABULARY, type BackdropName, type Counter, type Lighting, type Meaning, type Mood, type Setting, type SurfaceName } from './vocabulary';

export interface ColourRequest {
  colour: Rgb;
  /** What the colour was said of, when the prompt said it. */
  target: 'surface' | 'backdrop' | null;
}

export interface PromptParts {
  settings: Setting[];
  surfaces: SurfaceName[];
  backdrops: BackdropName[];
  colours: ColourRequest[];
  lightings: Lighting[];
  moods: Mood[];
}

export interface NegativeParts extends PromptParts {
  counters: Counter[];
}

export interface ParsedPrompt {
  wanted: PromptParts;
  avoided: NegativeParts;
  /** Words of the prompt and negative prompt that were not understood, in order, once each. */
  unused: string[];
}

type Token = { word: string; meaning: Meaning } | { word: string; colour: Rgb } | { word: string; clauseEnd: true } | { word: string };

const WHITE: Rgb = [1, 1, 1];
const LONGEST_PHRASE = 3;

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[,.;:!?]/g, ' , ')
    .replace(/[^a-z0-9,\s-]/g, ' ')
    .split(/[\s-]+/)
    .filter(Boolean);
}

/** Longest phrase first: "pastel pink" is one colour, "golden hour" one light. */
function tokenise(text: string): Token[] {
  const list = words(text);
  const tokens: Token[] = [];
  for (let i = 0; i < list.length; ) {
    if (list[i] === ',') {
      tokens.push({ word: ',', clauseEnd: true });
      i++;
      continue;
    }
    let matched = false;
    for (let n = Math.min(LONGEST_PHRASE, list.length - i); n >= 1 && !matched; n--) {
      const phrase = list.slice(i, i + n);
      if (phrase.includes(',')) continue;
      const key = phrase.join('');
      const meaning = VOCABULARY[key];
      const colour = COLOUR_WORDS.get(key);
      // A material named like a colour ("linen", "snow", "sand") is the material.
      if (meaning) tokens.push({ word: phrase.join(' '), meaning });
      else if (colour) tokens.push({ word: phrase.join(' '), colour });
      else if (n === 1) tokens.push({ word: phrase[0] });
      else continue;
      i += n;
      matched = true;
    }
  }
  return tokens;
}

function emptyParts(): NegativeParts {
  return { settings: [], surfaces: [], backdrops: [], colours: [], lightings: [], moods: [], counters: [] };
}

/** Applies a token list to parts; returns the words that meant nothing here. */
function read(tokens: Token[], parts: NegativeParts, negative: boolean): string[] {
  const unused: string[] = [];
  let tone: 'light' | 'dark' | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if ('colour' in token) {
      let colour = token.colour;
      if (tone === 'light') colour = mix(colour, WHITE, 0.45);
      if (tone === 'dark') colour = scaleRgb(colour, 0.45);
      tone = null;
      // "sage green", "navy blue": the first word names the shade, the second its family.
      while (i + 1 < tokens.length && 'colour' in tokens[i + 1]) colour = mix(colour, (tokens[++i] as { colour: Rgb }).colour, 0.2);
      parts.colours.push({ colour, target: targetAfter(tokens, i) });
      continue;
    }
    if ('clauseEnd' in token) {
      if (tone) parts.moods.push(tone === 'light' ? 'bright' : 'moody');
      tone = null;
      continue;
    }
    if (!('meaning' in token)) {
      unused.push(token.word);
      continue;
    }
    const { meaning } = token;
    if (tone && meaning.kind !== 'filler') {
      // "light" or "pale" that colours nothing is a wish for brightness.
      parts.moods.push(tone === 'light' ? 'bright' : 'moody');
      tone = null;
    }
    switch (meaning.kind) {
      case 'setting':
        parts.settings.push(meaning.setting);
        break;
      case 'material':
        // "marble wall" is a marble backdrop; "marble" alone, a marble surface.
        if (meaning.backdrop && (wallAfter(tokens, i) || !meaning.surface)) parts.backdrops.push(meaning.backdrop);
        else if (meaning.surface) parts.surfaces.push(meaning.surface);
        break;
      case 'lighting':
        parts.lightings.push(meaning.lighting);
        break;
      case 'mood':
        parts.moods.push(meaning.mood);
        break;
      case 'counter':
        if (negative) parts.counters.push(meaning.counter);
        else unused.push(token.word);
        break;
      case 'tone':
        tone = meaning.tone;
        break;
      case 'target':
      case 'filler':
        break;
    }
  }
  if (tone) parts.moods.push(tone === 'light' ? 'bright' : 'moody');
  return unused;
}

/** What the words just after a colour or material name: "sage wall", "pink marble". */
function targetAfter(tokens: Token[], index: number): 'surface' | 'backdrop' | null {
  for (let k = index + 1; k <= index + 2 && k < tokens.length; k++) {
    const next = tokens[k];
    if ('clauseEnd' in next) return null;
    if (!('meaning' in next)) continue;
    if (next.meaning.kind === 'target') return next.meaning.target;
    if (next.meaning.kind === 'material') return next.meaning.surface ? 'surface' : 'backdrop';
  }
  return null;
}

function wallAfter(tokens: Token[], index: number): boolean {
  const next = tokens[index + 1];
  return Boolean(next && 'meaning' in next && next.meaning.kind === 'target' && next.meaning.target === 'backdrop');
}

export function parsePrompt(prompt: string, negative: readonly string[] = []): ParsedPrompt {
  const wanted = emptyParts();
  const avoided = emptyParts();
  const unused = [...read(tokenise(prompt), wanted, false), ...negative.flatMap((item) => read(tokenise(item), avoided, true))];
  const { counters: _counters, ...wantedParts } = wanted;
  return { wanted: wantedParts, avoided, unused: [...new Set(unused)] };
}
