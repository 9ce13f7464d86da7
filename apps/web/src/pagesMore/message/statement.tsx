import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isMemberNotice, type AlarmLog } from '@xunji/shared';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AlarmActions } from '../../alarms/AlarmActions';
import { AlarmIcon } from '../../alarms/AlarmIcon';
import { alarmDetail, alarmName, alarmPlace, beginOf, endOf } from '../../alarms/format';
import { alarmQueries } from '../../alarms/queries';
import { Facts, type Fact } from '../../components/Facts';
import { MapNote, MapSheetPage } from '../../components/MapSheetPage';
import { MissingItem } from '../../components/MissingItem';
import { PageLayout } from '../../components/PageLayout';
import { useDeviceId } from '../../devices/useDeviceId';
import { formatDateTime } from '../../lib/date';
import { navigateBackOr, navigateTo } from '../../router/navigation';
import { PATHS } from '../../router/paths';
import { useAlarmStore } from '../../stores/alarm';
import { useAppStore } from '../../stores/app';
import { AlarmMap } from './AlarmMap';
import '../../alarms/alarms.css';

function AlarmFacts({ alarm }: { alarm: AlarmLog }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const detail = alarmDetail(alarm, t);
  const place = alarmPlace(alarm, t);
  const facts: Fact[] = [
    [t('alarms.statement.device'), alarm.terminalName, 'device'],
    [t('alarms.statement.number'), alarm.terminalNo, 'number'],
    [t('alarms.statement.time'), formatDateTime(alarm.alarmTime), 'time'],
    ...(place === null ? [] : [[t('alarms.statement.address'), place, 'address'] as Fact]),
    ...(detail ? [[...detail, 'detail'] as Fact] : []),
  ];
  return (
    <>
      <h2 className="alarm-sheet__head" data-fact="type">
        <AlarmIcon type={alarm.alarmType} unread={false} label={t('alarms.unread')} />
        {alarmName(alarm.alarmType, language)}
      </h2>
      <Facts facts={facts} />
    </>
  );
}

/** A message about who joins the device: no place to show, a way to the family members. */
function MemberNoticePage({ alarm, title }: { alarm: AlarmLog; title: string }) {
  const { t } = useTranslation();
  return (
    <PageLayout title={title}>
      <AlarmFacts alarm={alarm} />
      <p className="page__intro">{t('alarms.statement.memberNote')}</p>
      <div className="section section--padded">
        <Button
          block
          color="primary"
          fill="outline"
          onClick={() => navigateTo(`${PATHS.bindMoreUser}?id=${alarm.terminalId}`)}
        >
          {t('alarms.statement.members')}
        </Button>
      </div>
    </PageLayout>
  );
}

/**
 * /pagesMore/message/statement?id=: one alarm on the map with its details and what to do about
 * it. Reading it marks it read on the server (the lists and unread counts are refetched when next
 * shown).
 */
export default function MessageStatementPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useDeviceId();
  // The row tapped in the list shows at once; the call brings the current state.
  const seen = useAlarmStore((state) => state.alarmLog.find((alarm) => alarm.id === id));
  const query = useQuery({
    ...alarmQueries.one(id ?? 0, queryClient),
    enabled: id !== null,
    placeholderData: seen,
  });
  const alarm = query.data;
  const title = t('alarms.statement.title');

  if (!alarm)
    return (
      <PageLayout title={title}>
        {id === null || query.isError ? (
          <MissingItem
            text={t('alarms.statement.missing')}
            backText={t('alarms.statement.backToList')}
            onBack={() => navigateBackOr(PATHS.messageTable)}
            failure={query.isError ? { error: query.error, onRetry: query.refetch } : null}
          />
        ) : null}
      </PageLayout>
    );

  if (isMemberNotice(alarm.alarmType)) return <MemberNoticePage alarm={alarm} title={title} />;
  const begin = beginOf(alarm);
  return (
    <MapSheetPage
      title={title}
      sheetTestId="alarm-sheet"
      map={
        begin ? (
          <AlarmMap begin={begin} end={endOf(alarm)} />
        ) : (
          <div className="alarm-no-map">
            <MapNote>{t('alarms.statement.noPosition')}</MapNote>
          </div>
        )
      }
    >
      <AlarmFacts alarm={alarm} />
      <AlarmActions alarm={alarm} />
    </MapSheetPage>
  );
}
