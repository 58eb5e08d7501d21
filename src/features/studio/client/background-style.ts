// How a chosen background looks behind a preview: the same layering the
// export does on a canvas, done with CSS.
import type { CSSProperties } from 'react';
import type { Background } from './studio-options';

export function backgroundClass(background: Background): string {
  return background.kind === 'none' ? 'checkerboard' : '';
}

export function backgroundStyle(background: Background): CSSProperties {
  if (background.kind === 'color') return { backgroundColor: background.color };
  if (background.kind === 'image') return { backgroundImage: `url("${background.url}")`, backgroundSize: 'cover', backgroundPosition: 'center' };
  return {};
}
