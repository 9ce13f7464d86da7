import type { AlarmLog } from '@xunji/shared';
import { useTranslation } from 'react-i18next';
import { formatShortDateTime } from '../lib/date';
import { useAppStore } from '../stores/app';
import { AlarmIcon } from './AlarmIcon';
import { alarmName } from './format';

/** A device's newest alarm in its message-tab row: what, when (MM-DD HH:mm), where. */
export function LatestAlarm({ alarm }: { alarm: AlarmLog | undefined }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  if (!alarm) return <span className="latest-alarm is-none">{t('alarms.noAlarms')}</span>;
  return (
    <span className="latest-alarm" data-alarm-id={alarm.id}>
      <span className="latest-alarm__head">
        <AlarmIcon type={alarm.alarmType} unread={!alarm.read} label={t('alarms.unread')} />
        <span className="latest-alarm__name">{alarmName(alarm.alarmType, language)}</span>
        <time className="latest-alarm__time">{formatShortDateTime(alarm.alarmTime)}</time>
      </span>
      {alarm.address?.trim() ? <span className="latest-alarm__place">{alarm.address}</span> : null}
    </span>
  );
}
