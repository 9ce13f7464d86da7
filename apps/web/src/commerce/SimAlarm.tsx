import { useQuery } from '@tanstack/react-query';
import type { SimAlarmKind } from '@xunji/shared';
import { NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatKb } from './format';
import { commerceQueries } from './queries';

/** Kinds that mean the card does not work now (the others warn ahead). */
const STOPPED: readonly SimAlarmKind[] = ['dataExhausted', 'expired', 'deactivated'];

/** The card's alarm as a notice bar; nothing when the card is fine. */
export function SimAlarm({ iccid }: { iccid: string }) {
  const { t } = useTranslation();
  const alarm = useQuery(commerceQueries.simAlarm(iccid)).data;
  if (!alarm || alarm.kinds.length === 0) return null;
  const text = alarm.kinds
    .map((kind) =>
      t(`sim.alarm.${kind}`, { left: formatKb(alarm.remainingDataKb), days: alarm.daysLeft ?? 0 }),
    )
    .join(' · ');
  return (
    <NoticeBar
      className="commerce-notice"
      data-sim-alarm={alarm.kinds.join(' ')}
      color={alarm.kinds.some((kind) => STOPPED.includes(kind)) ? 'error' : 'alert'}
      content={text}
      wrap
    />
  );
}
