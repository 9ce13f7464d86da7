import type { Fence } from '@xunji/shared';
import { outlinePoints } from '../../fences/outline';

const SIZE = 40;

/** A small picture of the fence: its circle, its polygon's own outline, or a region's map pin. */
export function FenceIcon({ fence }: { fence: Fence }) {
  const shape =
    fence.type === 'round' ? (
      <circle cx={SIZE / 2} cy={SIZE / 2} r={SIZE / 2 - 6} />
    ) : fence.type === 'polygon' ? (
      <polygon points={outlinePoints(fence.fenceData, SIZE, 6)} />
    ) : (
      <path d="M20 8c-5.5 0-10 4.3-10 9.6C10 25 20 32 20 32s10-7 10-14.4C30 12.3 25.5 8 20 8zm0 13.2a3.6 3.6 0 1 1 0-7.2 3.6 3.6 0 0 1 0 7.2z" />
    );
  return (
    <svg
      className={`fence-icon fence-icon--${fence.type}`}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      width={SIZE}
      height={SIZE}
      aria-hidden
    >
      {shape}
    </svg>
  );
}
