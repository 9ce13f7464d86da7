import type { AlarmLog } from '@xunji/shared';
import { SwipeAction } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/date';
import { useAppStore } from '../stores/app';
import { AlarmIcon } from './AlarmIcon';
import { alarmDetail, alarmName, alarmPlace } from './format';

interface AlarmRowProps {
  alarm: AlarmLog;
  onOpen: (alarm: AlarmLog) => void;
  /** Offered by swiping the row to the left. */
  onDelete: (alarm: AlarmLog) => void;
}

/** One alarm of the list: what, which device, when, where (and the fence or the speed). */
export function AlarmRow({ alarm, onOpen, onDelete }: AlarmRowProps) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const detail = alarmDetail(alarm, t);
  const place = alarmPlace(alarm, t);

  return (
    <SwipeAction
      rightActions={[
        {
          key: 'delete',
          text: t('alarms.delete'),
          color: 'danger',
          onClick: () => onDelete(alarm),
        },
      ]}
    >
      <div
        className={alarm.read ? 'alarm-row' : 'alarm-row is-unread'}
        role="button"
        tabIndex={0}
        data-alarm-id={alarm.id}
        onClick={() => onOpen(alarm)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onOpen(alarm);
        }}
      >
        <AlarmIcon type={alarm.alarmType} unread={!alarm.read} label={t('alarms.unread')} />
        <div className="alarm-row__main">
          <div className="alarm-row__head">
            <span className="alarm-row__name">{alarmName(alarm.alarmType, language)}</span>
            <span className="alarm-row__time">{formatDateTime(alarm.alarmTime)}</span>
          </div>
          <div className="alarm-row__device">{alarm.terminalName}</div>
          {place === null ? null : <div className="alarm-row__place">{place}</div>}
          {detail ? (
            <div className="alarm-row__detail">
              <span className="alarm-row__label">{detail[0]}</span>
              <span>{detail[1]}</span>
            </div>
          ) : null}
        </div>
        <RightOutline className="alarm-row__chevron" />
      </div>
    </SwipeAction>
  );
}
