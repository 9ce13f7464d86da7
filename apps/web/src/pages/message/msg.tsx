import { useQuery } from '@tanstack/react-query';
import type { Terminal } from '@xunji/shared';
import { Badge, Empty, List, PullToRefresh } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { unreadBadge } from '../../alarms/format';
import { LatestAlarm } from '../../alarms/LatestAlarm';
import { useLatestAlarms, useUnreadAlarms } from '../../alarms/useUnreadAlarms';
import { LoadFailure } from '../../components/LoadFailure';
import { PageLayout } from '../../components/PageLayout';
import { allDevicesQuery } from '../../devices/all-devices';
import { DeviceIcon } from '../../devices/DeviceIcon';
import { navigateTo } from '../../router/navigation';
import { PATHS } from '../../router/paths';
import { useAccountStore } from '../../stores/account';
import '../../alarms/alarms.css';

const UnreadBadge = ({ count }: { count: number }) =>
  count > 0 ? <Badge content={unreadBadge(count)} className="alarm-inbox__badge" /> : null;

/** Devices with unread alarms first (most first), the others in the list's order. */
function byUnread(devices: Terminal[], counts: Map<number, number>): Terminal[] {
  return devices
    .map((device, index) => ({ device, index, count: counts.get(device.id) ?? 0 }))
    .sort((a, b) => b.count - a.count || a.index - b.index)
    .map(({ device }) => device);
}

const openTable = (terminalId?: number) =>
  navigateTo(
    terminalId === undefined ? PATHS.messageTable : `${PATHS.messageTable}?id=${terminalId}`,
  );

/**
 * /pages/message/msg, the message tab: every device with its newest alarm and its unread count
 * (refreshed every 10 s while shown), and an entry for the alarms of all devices.
 */
export default function MessagePage() {
  const { t } = useTranslation();
  const enterpriseId = useAccountStore((state) => state.enterpriseId);
  const statistics = useUnreadAlarms({ live: true });
  const latest = useLatestAlarms();
  const devices = useQuery(allDevicesQuery(enterpriseId));

  const total = statistics.data?.total ?? 0;
  const counts = useMemo(
    () => new Map(statistics.data?.byTerminal.map((row) => [row.terminalId, row.count])),
    [statistics.data],
  );
  const sorted = useMemo(() => byUnread(devices.data ?? [], counts), [devices.data, counts]);
  const latestOf = useMemo(
    () => new Map(latest.data?.map((alarm) => [alarm.terminalId, alarm])),
    [latest.data],
  );

  return (
    <PageLayout tab title={t('message.title')}>
      <PullToRefresh
        pullingText={t('alarms.list.pulling')}
        canReleaseText={t('alarms.list.canRelease')}
        refreshingText={t('alarms.list.refreshing')}
        completeText={t('alarms.list.refreshed')}
        onRefresh={async () => {
          await Promise.all([statistics.refetch(), latest.refetch(), devices.refetch()]);
        }}
      >
        <List className="alarm-inbox__all">
          <List.Item
            data-terminal-id="all"
            prefix={
              <span className="alarm-inbox__bell" aria-hidden>
                <BellOutline />
              </span>
            }
            description={
              // Unknown while the counts have not loaded: not "no unread alarms".
              statistics.data
                ? total > 0
                  ? t('alarms.unreadCount', { count: total })
                  : t('alarms.noUnread')
                : null
            }
            extra={<UnreadBadge count={total} />}
            onClick={() => openTable()}
          >
            {t('alarms.allDevices')}
          </List.Item>
        </List>
        {sorted.length > 0 ? (
          <List header={t('alarms.devices')} className="alarm-inbox__devices">
            {sorted.map((device) => (
              <List.Item
                key={device.id}
                data-terminal-id={device.id}
                prefix={<DeviceIcon type={device.iconType} size={40} />}
                description={<LatestAlarm alarm={latestOf.get(device.id)} />}
                extra={<UnreadBadge count={counts.get(device.id) ?? 0} />}
                onClick={() => openTable(device.id)}
              >
                {device.terminalName}
              </List.Item>
            ))}
          </List>
        ) : devices.isError ? (
          <LoadFailure error={devices.error} onRetry={devices.refetch} />
        ) : devices.isFetched ? (
          <Empty className="alarm-inbox__empty" description={t('alarms.noDevices')} />
        ) : null}
      </PullToRefresh>
    </PageLayout>
  );
}
