import { iconTypeName, type IconTypeName } from '@xunji/shared';
import type { ReactNode } from 'react';
import './devices.css';

/** White line glyphs on a 24 × 24 grid, one per ICON_TYPES name. */
const GLYPHS: Record<IconTypeName, ReactNode> = {
  car: (
    <>
      <path d="M5 11l1.6-4.2A2 2 0 0 1 8.5 5.5h7a2 2 0 0 1 1.9 1.3L19 11" />
      <rect x="3" y="11" width="18" height="5.5" rx="1.5" />
      <circle cx="7.5" cy="18" r="1.5" />
      <circle cx="16.5" cy="18" r="1.5" />
    </>
  ),
  truck: (
    <>
      <rect x="2.5" y="6" width="11" height="10" rx="1" />
      <path d="M13.5 9.5h4l3 3.5v3h-7" />
      <circle cx="6.5" cy="17.5" r="1.6" />
      <circle cx="17" cy="17.5" r="1.6" />
    </>
  ),
  motorbike: (
    <>
      <circle cx="5.5" cy="16" r="3" />
      <circle cx="18.5" cy="16" r="3" />
      <path d="M5.5 16l4-6h4.5l4.5 6M14 10l-1.5-3.5H10M8 10h3" />
    </>
  ),
  person: (
    <>
      <circle cx="12" cy="7" r="3.2" />
      <path d="M5.5 20v-1.5a6.5 6.5 0 0 1 13 0V20" />
    </>
  ),
  child: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M10.5 7.5h.01M13.5 7.5h.01M7.5 20.5v-1a4.5 4.5 0 0 1 9 0v1" />
    </>
  ),
  elderly: (
    <>
      <circle cx="10" cy="5" r="2.5" />
      <path d="M10 8.5l-1.5 5 2.5 2-1 5M9 11l-2.5 2.5M9.5 10.5l3.5 2.5h2M16.5 13v8" />
    </>
  ),
  pet: (
    <>
      <ellipse cx="6.5" cy="10.5" rx="1.6" ry="2.1" />
      <ellipse cx="10" cy="6.5" rx="1.6" ry="2.1" />
      <ellipse cx="14" cy="6.5" rx="1.6" ry="2.1" />
      <ellipse cx="17.5" cy="10.5" rx="1.6" ry="2.1" />
      <path d="M12 11.5c-2.5 0-5 3.8-5 6a2.5 2.5 0 0 0 3.2 2.3c1.2-.4 2.4-.4 3.6 0A2.5 2.5 0 0 0 17 17.5c0-2.2-2.5-6-5-6z" />
    </>
  ),
  other: (
    <>
      <path d="M12 21s6.5-6.2 6.5-11.5a6.5 6.5 0 0 0-13 0C5.5 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.3" />
    </>
  ),
};

interface DeviceIconProps {
  /** The device's iconType (an index of ICON_TYPES) or the name itself. */
  type: number | IconTypeName;
  /** Diameter in pixels (default 40). */
  size?: number;
  /** Background colour (default the primary orange). */
  color?: string;
  className?: string;
}

/** A device's icon: its type's glyph on a coloured disc. */
export function DeviceIcon({ type, size = 40, color, className }: DeviceIconProps) {
  const name = typeof type === 'number' ? iconTypeName(type) : type;
  return (
    <svg
      className={className ? `device-icon ${className}` : 'device-icon'}
      width={size}
      height={size}
      viewBox="-4 -4 32 32"
      aria-hidden
      data-icon={name}
    >
      <circle cx="12" cy="12" r="16" fill={color ?? 'var(--adm-color-primary)'} />
      <g fill="none" stroke="#fff" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
        {GLYPHS[name]}
      </g>
    </svg>
  );
}
