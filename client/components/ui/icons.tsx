// The SPA's icons, drawn once: a 24-unit square in the text's colour, hidden from assistive technology (the
// button around an icon carries its name). Line icons are stroked; solid ones (play, pause) filled. The header
// draws its menu icon itself: it is in the entry chunk, and this module travels with the lazy routes.
const LINE = {
  previous: 'M15 18l-6-6 6-6',
  next: 'M9 6l6 6-6 6',
  bell: 'M18 8a6 6 0 10-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 01-3.4 0',
  pencil: 'M4 20h4L19 9l-4-4L4 16v4Z',
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12ZM15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z',
};
const SOLID = { pause: 'M7 5h3v14H7zM14 5h3v14h-3z', play: 'M8 5v14l11-7z' };

export type IconName = keyof typeof LINE | keyof typeof SOLID;

export function Icon({
  name,
  className = 'h-6 w-6',
  weight = 2,
}: {
  name: IconName;
  className?: string;
  weight?: number;
}) {
  const solid = name === 'pause' || name === 'play';
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill={solid ? 'currentColor' : 'none'}
      stroke={solid ? undefined : 'currentColor'}
      strokeWidth={solid ? undefined : weight}
    >
      <path d={solid ? SOLID[name] : LINE[name]} />
    </svg>
  );
}
