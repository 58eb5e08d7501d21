// The parts every set is built from: surfaces, backdrops, lights and cameras,
// each with the palettes and ranges a seed chooses within. Preset sets and
// prompt settings compose these; nothing else describes a material's look.
import { hexToLinear, scaleRgb } from '../../../imaging/scene/color';
import { palette, type BackdropPart, type CameraPart, type LightPart, type SurfacePart } from './plan';

export const SURFACES = {
  marble: {
    material: 'marble',
    palettes: [
      palette('#f2f0ec', '#dedbd6', '#8f8c89'),
      palette('#f4efe7', '#e6dccd', '#a48a68'),
      palette('#2b2b2e', '#3b3b3f', '#d6d2ca'),
      palette('#e9ecea', '#d5dcd8', '#6f7f78'),
    ],
    gloss: 0.3,
    scale: [0.8, 1.4],
  },
  wood: {
    material: 'wood',
    palettes: [palette('#c89d6d', '#8d5b33', '#3a2415'), palette('#7b5336', '#4a2d1a', '#1c100a'), palette('#dcc29c', '#ab8760', '#4d3823')],
    gloss: 0.07,
    scale: [0.8, 1.2],
  },
  concrete: {
    material: 'concrete',
    palettes: [palette('#8e8c88', '#aaa7a1', '#5f5c58'), palette('#a29e97', '#bdb9b1', '#6e6a64'), palette('#6e7073', '#8b8d90', '#484a4d')],
    gloss: 0.1,
    scale: [0.8, 1.3],
  },
  linen: {
    material: 'linen',
    palettes: [palette('#e6ddcf', '#d3c6b1', '#b6a68b'), palette('#d8ddd5', '#c3cabe', '#9aa596'), palette('#eee2db', '#dccbc1', '#bba498')],
    gloss: 0,
    scale: [0.9, 1.2],
  },
  quartz: {
    material: 'terrazzo',
    palettes: [palette('#eceae5', '#b5b1aa', '#6d6862'), palette('#f1ede6', '#cfc6b8', '#8a7a66'), palette('#2f3032', '#5a5b5e', '#c8c8c6')],
    gloss: 0.32,
    scale: [0.8, 1.3],
  },
  slate: {
    material: 'slate',
    palettes: [palette('#3d4145', '#55595e', '#23262a'), palette('#4a4541', '#615b55', '#2a2623')],
    gloss: 0.12,
    scale: [0.8, 1.3],
  },
  sand: {
    material: 'sand',
    palettes: [palette('#dcc39c', '#ead7b6', '#a48a63'), palette('#e4cfae', '#f1e2c8', '#b59b74')],
    gloss: 0,
    scale: [0.8, 1.3],
  },
  paper: {
    material: 'paper',
    palettes: [palette('#e7e1d8', '#d9d1c6', '#b9b0a4'), palette('#dfe3e6', '#cdd3d8', '#aab2b9'), palette('#eadbd3', '#dccac0', '#bba79b')],
    gloss: 0.04,
    scale: [1, 1],
  },
  snow: {
    material: 'snow',
    palettes: [palette('#f3f6fa', '#c9d5e3', '#ffffff')],
    gloss: 0.05,
    scale: [0.8, 1.3],
  },
  moss: {
    material: 'moss',
    palettes: [palette('#56683a', '#7d8f4c', '#2c3520'), palette('#4d6041', '#6f8256', '#273022')],
    gloss: 0,
    scale: [0.8, 1.3],
  },
} satisfies Record<string, SurfacePart>;

export const BACKDROPS = {
  plaster: {
    kind: 'plaster',
    palettes: [
      palette('#d2c8bb', '#bfb3a4', '#bfb3a4'),
      palette('#b9c2b0', '#a7b19d', '#a7b19d'),
      palette('#dcc4ba', '#cbb0a5', '#cbb0a5'),
      palette('#cbced1', '#b8bcc0', '#b8bcc0'),
    ],
    scale: [0.9, 1.3],
  },
  paper: { kind: 'paper', palettes: SURFACES.paper.palettes, scale: [1, 1] },
  steel: { kind: 'steel', palettes: [palette('#7b8086', '#a3a8ad', '#34383c'), palette('#6a6f74', '#8e9397', '#2b2e31')], scale: [0.9, 1.2] },
  concrete: { kind: 'concrete', palettes: [palette('#8f8d89', '#a9a6a0', '#5c5955'), palette('#7c7e80', '#979a9c', '#4f5153')], scale: [0.9, 1.2] },
  brick: {
    kind: 'brick',
    palettes: [palette('#8f4630', '#b06346', '#c9bfae'), palette('#7e5444', '#a2765f', '#b9af9f'), palette('#e3dfd8', '#d2ccc2', '#c2bbaf')],
    scale: [0.9, 1.2],
  },
  tiles: {
    kind: 'tiles',
    palettes: [palette('#f0eee9', '#e4e0d8', '#c4beb3'), palette('#a8b7a2', '#9aab94', '#e5e2da'), palette('#2f3d55', '#394963', '#d9d6ce'), palette('#e9d3c9', '#e0c6ba', '#f2ece6')],
    scale: [0.9, 1.2],
  },
  linen: { kind: 'linen', palettes: SURFACES.linen.palettes, scale: [1, 1.3] },
  marble: { kind: 'marble', palettes: SURFACES.marble.palettes, scale: [1.2, 1.8] },
  wood: { kind: 'wood', palettes: SURFACES.wood.palettes, scale: [1, 1.3] },
  sea: { kind: 'sea', palettes: [palette('#4f8fd0', '#d9e8f2', '#2f6f96'), palette('#6aa0cf', '#f0e2d0', '#2d6a86')], scale: [1, 1] },
  dunes: { kind: 'dunes', palettes: [palette('#8fb4d8', '#e8c08a', '#b07a4a'), palette('#a9c3da', '#f0cf9c', '#c08a58')], scale: [1, 1] },
  forest: { kind: 'forest', palettes: [palette('#27391f', '#7c9a4a', '#1a1511'), palette('#2f4128', '#9cb06a', '#221a14')], scale: [0.9, 1.3] },
  foliage: { kind: 'bokeh', palettes: [palette('#2f4a26', '#7fa05a', '#c9e08a'), palette('#3d5a35', '#a5c07a', '#f0f0b0')], scale: [1, 1.4] },
  cafe: { kind: 'bokeh', palettes: [palette('#2a1d16', '#4a3326', '#ffb45e'), palette('#231a17', '#3e2c22', '#ffc98a')], scale: [1.2, 1.6] },
  city: { kind: 'bokeh', palettes: [palette('#10131d', '#1d2233', '#ff4fb0'), palette('#0f1420', '#1a2336', '#40d8ff')], scale: [1.3, 1.7] },
  snowfield: { kind: 'forest', palettes: [palette('#b9c7d6', '#eef3f8', '#7d8b99')], scale: [0.7, 1] },
} satisfies Record<string, BackdropPart>;

const white = hexToLinear('#fff8ef');

export const LIGHTS = {
  studio: {
    color: scaleRgb(white, 0.85),
    ambient: scaleRgb(hexToLinear('#dfe6f0'), 0.32),
    x: [-0.7, 0.7],
    y: [0.3, 0.7],
    z: [0.6, 1.2],
    size: [0.45, 0.7],
    shadowOpacity: 0.72,
  },
  window: {
    color: scaleRgb(hexToLinear('#fff3e2'), 0.8),
    ambient: scaleRgb(hexToLinear('#e4ebf2'), 0.38),
    x: [-0.9, 0.9],
    y: [0.3, 0.7],
    z: [0.5, 0.9],
    size: [0.6, 0.9],
    shadowOpacity: 0.62,
  },
  warm: {
    color: scaleRgb(hexToLinear('#ffe2bd'), 0.85),
    ambient: scaleRgb(hexToLinear('#d9d4e6'), 0.3),
    x: [-0.8, 0.8],
    y: [0.3, 0.7],
    z: [0.5, 1],
    size: [0.4, 0.7],
    shadowOpacity: 0.72,
  },
  hard: {
    color: scaleRgb(hexToLinear('#f6f8ff'), 0.95),
    ambient: scaleRgb(hexToLinear('#c9d2dd'), 0.22),
    x: [-0.9, 0.9],
    y: [0.3, 0.7],
    z: [0.5, 1],
    size: [0.15, 0.3],
    shadowOpacity: 0.82,
  },
  sun: {
    color: scaleRgb(hexToLinear('#ffe7c4'), 1.05),
    ambient: scaleRgb(hexToLinear('#b9d0ec'), 0.3),
    x: [-1, 1],
    y: [0.3, 0.7],
    z: [0.5, 0.9],
    size: [0.15, 0.3],
    shadowOpacity: 0.77,
  },
  sunset: {
    color: scaleRgb(hexToLinear('#ffb979'), 1.05),
    ambient: scaleRgb(hexToLinear('#9aa6d6'), 0.28),
    x: [-1, 1],
    y: [0.3, 0.7],
    z: [0.35, 0.55],
    size: [0.2, 0.35],
    shadowOpacity: 0.77,
  },
  dim: {
    color: scaleRgb(hexToLinear('#ffd39a'), 0.8),
    ambient: scaleRgb(hexToLinear('#4a3c36'), 0.3),
    x: [-0.8, 0.8],
    y: [0.3, 0.7],
    z: [0.5, 1],
    size: [0.35, 0.6],
    shadowOpacity: 0.77,
  },
  neon: {
    color: scaleRgb(hexToLinear('#ff6ad5'), 0.85),
    ambient: scaleRgb(hexToLinear('#39c6ff'), 0.3),
    x: [-0.9, 0.9],
    y: [0.3, 0.7],
    z: [0.4, 0.8],
    size: [0.3, 0.5],
    shadowOpacity: 0.77,
  },
} satisfies Record<string, LightPart>;

export const CAMERAS = {
  tabletop: { horizon: [0.4, 0.58], tilt: [0.1, 0.28], aperture: [0.018, 0.03] },
  low: { horizon: [0.55, 0.66], tilt: [0.05, 0.12], aperture: [0.02, 0.032] },
  wide: { horizon: [0.5, 0.6], tilt: [0.12, 0.22], aperture: [0.012, 0.02] },
  wall: { horizon: [0.52, 0.66], tilt: [0.1, 0.22], aperture: [0.008, 0.014] },
} satisfies Record<string, CameraPart>;
