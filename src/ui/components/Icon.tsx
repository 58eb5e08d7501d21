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
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={PATHS[name]} />
    </svg>
  );
}
