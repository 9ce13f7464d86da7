import { ALARM_TYPES, type AlarmType, type PushMessageRecord } from '@xunji/shared';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { alarmName } from '../../../alarms/format';
import { PagedListView } from '../../../components/PagedListView';
import { PageLayout } from '../../../components/PageLayout';
import { fetchPushMessages } from '../../../developer/api';
import '../../../developer/developer.css';
import { usePagedList } from '../../../devices/usePagedList';
import { formatDateTime } from '../../../lib/date';
import { useAppStore } from '../../../stores/app';

const isAlarmType = (type: string | null): type is AlarmType =>
  (ALARM_TYPES as readonly string[]).includes(type ?? '');

function MessageRow({ message }: { message: PushMessageRecord }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const title =
    message.alarmId === null
      ? t('developer.testAlarm')
      : [
          isAlarmType(message.alarmType)
            ? alarmName(message.alarmType, language)
            : message.alarmType,
          message.deviceName,
        ]
          .filter(Boolean)
          .join(' · ');
  return (
    <List.Item
      data-message={message.id}
      description={[
        formatDateTime(message.createTime),
        t('developer.attempts', { count: message.attempts }),
        message.detail,
      ]
        .filter(Boolean)
        .join(' · ')}
    >
      <div className="developer__message-head">
        <span>
          {t(`developer.channel.${message.channel}`)} · {title}
        </span>
        <span className="developer__message-status" data-status={message.status}>
          {t(`developer.status.${message.status}`)}
        </span>
      </div>
    </List.Item>
  );
}

/** Developer mode (§6): the Web Push, SMS, call and WeChat messages sent to this account. */
export default function PushMessagesPage() {
  const { t } = useTranslation();
  const { list, refresh, loadMore } = usePagedList(fetchPushMessages);
  return (
    <PageLayout title={t('developer.pushMessages')}>
      <PagedListView
        list={list}
        loadMore={loadMore}
        onRefresh={refresh}
        texts={{ empty: t('developer.messagesEmpty') }}
      >
        <List>
          {list.items.map((message) => (
            <MessageRow key={message.id} message={message} />
          ))}
        </List>
      </PagedListView>
    </PageLayout>
  );
}
