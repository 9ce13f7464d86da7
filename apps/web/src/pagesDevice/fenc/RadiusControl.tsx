import { FENCE_RADIUS_MAX_M, FENCE_RADIUS_MIN_M } from '@xunji/shared';
import { Slider, Stepper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatRadius } from '../../fences/format';
import { radiusAt, SLIDER_MAX, sliderPosition } from '../../fences/radius-scale';

const STEP_M = 50;

/**
 * The radius of a round fence: a slider for the size (logarithmic), a stepper for the last
 * metres. `onSettled` follows a change that is complete (not each step of a slide).
 */
export function RadiusControl({
  radius,
  onChange,
  onSettled,
}: {
  radius: number;
  onChange: (metres: number) => void;
  onSettled: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="fence-sheet__row fence-radius">
      <span className="fence-sheet__label">
        {t('fences.radius')}
        <span className="fence-radius__value">{formatRadius(radius, t)}</span>
      </span>
      <Slider
        className="fence-radius__slider"
        min={0}
        max={SLIDER_MAX}
        value={sliderPosition(radius)}
        onChange={(position) => onChange(radiusAt(position as number))}
        onAfterChange={onSettled}
        aria-label={t('fences.radius')}
      />
      <Stepper
        className="fence-radius__stepper"
        min={FENCE_RADIUS_MIN_M}
        max={FENCE_RADIUS_MAX_M}
        step={STEP_M}
        digits={0}
        value={radius}
        onChange={(metres) => {
          onChange(metres ?? radius);
          onSettled();
        }}
      />
    </div>
  );
}
