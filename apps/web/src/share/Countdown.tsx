import { useTranslation } from 'react-i18next';
import { timeLeft } from './countdown';

/** "Ends in 2 d 03:04:05" at `now`; "Ended" once the end has passed. */
export function Countdown({ expireTime, now }: { expireTime: number; now: number }) {
  const { t } = useTranslation();
  const left = timeLeft(expireTime, now);
  return (
    <span className="share-countdown" data-testid="share-countdown">
      {left === null
        ? t('share.endedShort')
        : left.days > 0
          ? t('share.leftDays', { count: left.days, clock: left.clock })
          : t('share.left', { clock: left.clock })}
    </span>
  );
}
