// The prompts the gallery shows and the bench times.
export const GALLERY_PROMPTS = [
  'sunset beach',
  'minimal sage green studio',
  'luxury black marble, dramatic lighting',
  'cosy cafe at golden hour',
  'bathroom with pastel pink tiles',
  'forest moss in morning light',
  'neon city at night',
  'desert dunes, warm',
];
