// A few line icons, drawn inline so they inherit colour and need no requests.
const PATHS = {
  upload: 'M12 16V4m0 0l-4 4m4-4l4 4M4 16v2a2 2 0 002 2h12a2 2 0 002-2v-2',
  download: 'M12 4v12m0 0l-4-4m4 4l4-4M4 18v0a2 2 0 002 2h12a2 2 0 002-2',
  copy: 'M8 8h10v12H8zM6 16H4V4h12v2',
  trash: 'M4 7h16M10 11v6m4-6v6M6 7l1 13h10l1-13M9 7V4h6v3',
  key: 'M15 7a4 4 0 11-3.9 5H8v3H5v-3H3v-3h8.1A4 4 0 0115 7z',
  check: 'M5 12l5 5L19 7',
  x: 'M6 6l12 12M18 6L6 18',
  image: 'M4 5h16v14H4zM4 15l4-4 5 5 3-3 4 4M15 9.5a1 1 0 100-.01',
  video: 'M4 6h11v12H4zM15 10l5-3v10l-5-3',
  clock: 'M12 7v5l3 2M12 21a9 9 0 100-18 9 9 0 000 18z',
  code: 'M8 8l-4 4 4 4m8-8l4 4-4 4m-6 3l4-14',
  wifiOff: 'M3 3l18 18M8.5 16.5a5 5 0 017 0M5 13a10 10 0 015.5-2.8M19 13a10 10 0 00-2.2-1.6M2 9.5a15 15 0 014.2-2.4M22 9.5A15 15 0 0011 6',
  sparkle: 'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z',
  play: 'M7 5l12 7-12 7z',
  pause: 'M8 5v14M16 5v14',
  folder: 'M3 6h6l2 2h10v11H3z',
  brush: 'M14 4l6 6-8 8-6-6zM6 12l-3 8 8-3',
  search: 'M11 18a7 7 0 100-14 7 7 0 000 14zM21 21l-5-5',
  library: 'M4 4h4v16H4zM10 4h4v16h-4zM16 5l4 1-3 14-4-1z',
  sun: 'M12 16a4 4 0 100-8 4 4 0 000 8zM12 2v2m0 16v2M4.9 4.9l1.4 1.4m11.4 11.4l1.4 1.4M2 12h2m16 0h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  moon: 'M20 14.5A8 8 0 019.5 4a8 8 0 1010.5 10.5z',
  monitor: 'M3 5h18v11H3zM8 20h8m-4-4v4',
  install: 'M12 3v10m0 0l-4-4m4 4l4-4M5 15v4h14v-4',
  cpu: 'M7 7h10v10H7zM10 10h4v4h-4zM10 3v4m4-4v4m-4 10v4m4-4v4M3 10h4m-4 4h4m10-4h4m-4 4h4',
  history: 'M3 12a9 9 0 109-9 9 9 0 00-6.4 2.6L3 8m0-5v5h5M12 8v4l3 2',
  alert: 'M12 8v5m0 3.5v.01M12 21a9 9 0 100-18 9 9 0 000 18z',
  refresh: 'M20 11a8 8 0 00-14.8-3.5M4 4v4h4M4 13a8 8 0 0014.8 3.5M20 20v-4h-4',
  plus: 'M12 5v14M5 12h14',
  send: 'M4 12l16-8-6 16-2.5-6.5z',
  palette: 'M12 3a9 9 0 000 18c1.2 0 2-.8 2-1.8 0-.5-.2-.9-.5-1.2-.3-.3-.5-.7-.5-1.2 0-1 .8-1.8 1.8-1.8H17a4 4 0 004-4c0-4.4-4-8-9-8zM7.5 12a1 1 0 100-.01M10 7.5a1 1 0 100-.01M15 7.5a1 1 0 100-.01',
  crop: 'M6 2v14a2 2 0 002 2h14M2 6h14a2 2 0 012 2v14',
  sliders: 'M4 6h10m4 0h2M4 12h4m4 0h8M4 18h12m4 0h0M14 4v4M8 10v4M16 16v4',
  clipboard: 'M9 4h6v3H9zM9 5H6v16h12V5h-3',
  layers: 'M12 3l9 5-9 5-9-5zM3 13l9 5 9-5',
  external: 'M14 4h6v6m0-6l-9 9M18 14v6H4V6h6',
  camera: 'M4 8h3l2-3h6l2 3h3v11H4zM12 16.5a3.5 3.5 0 100-7 3.5 3.5 0 000 7z',
  more: 'M4 12a1 1 0 102 0 1 1 0 10-2 0M11 12a1 1 0 102 0 1 1 0 10-2 0M18 12a1 1 0 102 0 1 1 0 10-2 0',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={PATHS[name]} />
    </svg>
  );
}
