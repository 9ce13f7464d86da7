import { SHARE_DURATIONS_H, type ShareDurationH } from '@xunji/shared';
import { useTranslation } from 'react-i18next';

const isOffered = (hours: number): hours is ShareDurationH =>
  (SHARE_DURATIONS_H as readonly number[]).includes(hours);

/** "Half day", "1 day"… for the §9 durations; hours for any other. */
export function useDurationText(): (hours: number) => string {
  const { t } = useTranslation();
  return (hours) =>
    isOffered(hours) ? t(`share.durations.h${hours}`) : t('share.hours', { count: hours });
}
