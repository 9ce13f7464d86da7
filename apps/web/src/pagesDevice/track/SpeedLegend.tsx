import { useTranslation } from 'react-i18next';
import { SPEED_BANDS } from '../../map';

/** The colours of the track line and the speeds they stand for. */
export function SpeedLegend() {
  const { t } = useTranslation();
  return (
    <div className="track-legend" aria-label={t('history.legend')}>
      <span className="track-legend__title">{t('history.legend')}</span>
      {SPEED_BANDS.map(({ from, color }, band) => {
        const to = SPEED_BANDS[band + 1]?.from;
        return (
          <span key={from} className="track-legend__band">
            <i style={{ background: color }} />
            {to === undefined ? `≥${from}` : `${from}-${to}`}
          </span>
        );
      })}
    </div>
  );
}
