import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UserType, type Terminal, type TerminalStatistics } from '@xunji/shared';
import { Empty, InfiniteScroll, List, PullToRefresh, SearchBar, Tabs } from 'antd-mobile';
import { AddOutline, TeamOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../components/LoadFailure';
import { PageLayout } from '../../components/PageLayout';
import { deviceKeys, deviceQueries } from '../../devices/queries';
import { selectDevice } from '../../devices/selection';
import { useDebouncedValue } from '../../devices/useDebouncedValue';
import { useTerminalList, type TerminalListFilter } from '../../devices/useTerminalList';
import '../../devices/devices.css';
import { navigateTo, switchTab } from '../../router/navigation';
import { PATHS } from '../../router/paths';
import { useAccountStore } from '../../stores/account';
import { useUserStore } from '../../stores/user';
import { DeviceRow } from './DeviceRow';

/** The state tabs, with the §4 deviceState each filters on and its statistics count. */
const STATE_TABS = [
  { key: 'all', deviceState: undefined, count: (s: TerminalStatistics) => s.total },
  { key: 'online', deviceState: 1, count: (s: TerminalStatistics) => s.online },
  { key: 'offline', deviceState: 2, count: (s: TerminalStatistics) => s.offline },
  { key: 'unused', deviceState: 0, count: (s: TerminalStatistics) => s.unused },
  { key: 'shutdown', deviceState: 3, count: (s: TerminalStatistics) => s.shutdown },
] as const;
type StateTab = (typeof STATE_TABS)[number]['key'];

const showOnMap = (device: Terminal) => {
  selectDevice(device);
  switchTab(PATHS.home);
};
const showDetails = (device: Terminal) => navigateTo(`${PATHS.deviceInfo}?id=${device.id}`);

/** The list itself; keyed by its filter, so a new search, state or organisation starts over. */
function DeviceListBody({
  filter,
  onRefresh,
}: {
  filter: TerminalListFilter;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const { list, refresh, loadMore } = useTerminalList(filter);
  const empty = list.items.length === 0 && list.status === 'nomore';
  // A list that never loaded is not an empty one.
  const failed = empty && list.error !== null;

  return (
    <PullToRefresh
      onRefresh={async () => {
        onRefresh();
        await refresh();
      }}
    >
      <div className="device-list">
        {list.items.map((device) => (
          <DeviceRow key={device.id} device={device} onSelect={showOnMap} onDetails={showDetails} />
        ))}
      </div>
      {failed ? (
        <LoadFailure error={list.error} onRetry={refresh} />
      ) : empty ? (
        <Empty
          className="device-list__empty"
          description={
            <>
              <div>{t('devices.list.empty')}</div>
              <div className="device-list__hint">{t('devices.list.emptyHint')}</div>
            </>
          }
        />
      ) : null}
      <InfiniteScroll loadMore={loadMore} hasMore={list.status !== 'nomore'}>
        {empty ? null : (
          <span className="list-status" data-status={list.status}>
            {t(`devices.list.status.${list.status}`)}
          </span>
        )}
      </InfiniteScroll>
    </PullToRefresh>
  );
}

/** /pagesDevice/deviceList/index: search, state tabs with counts, the paged device list. */
export default function DeviceListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isEnterprise = useUserStore((s) => s.user?.userType === UserType.ENTERPRISE);
  const enterpriseId = useAccountStore((s) => s.enterpriseId);
  const enterpriseName = useAccountStore((s) => s.enterpriseInfo?.name);
  const scope = isEnterprise ? enterpriseId : null;

  const [search, setSearch] = useState('');
  const searchKey = useDebouncedValue(search.trim());
  const [tab, setTab] = useState<StateTab>('all');
  const statistics = useQuery(deviceQueries.statistics(scope));

  const deviceState = STATE_TABS.find(({ key }) => key === tab)?.deviceState;
  const filter: TerminalListFilter = {
    enterpriseId: scope ?? undefined,
    deviceState,
    searchKey: searchKey || undefined,
  };

  return (
    <PageLayout
      title={t('devices.list.title')}
      right={
        <button
          type="button"
          className="nav-icon-button"
          aria-label={t('devices.list.add')}
          onClick={() => navigateTo(PATHS.deviceBind)}
        >
          <AddOutline />
        </button>
      }
    >
      <div className="device-list__filters">
        {isEnterprise ? (
          <List className="device-list__organisation">
            <List.Item
              prefix={<TeamOutline />}
              extra={enterpriseName ?? t('devices.list.allOrganisations')}
              onClick={() => navigateTo(PATHS.deviceEnterprise)}
            >
              {t('devices.list.organisation')}
            </List.Item>
          </List>
        ) : null}
        <div className="device-list__search">
          <SearchBar
            placeholder={t('devices.list.search')}
            value={search}
            onChange={setSearch}
            maxLength={32}
          />
        </div>
        <Tabs activeKey={tab} onChange={(key) => setTab(key as StateTab)}>
          {STATE_TABS.map(({ key, count }) => (
            <Tabs.Tab
              key={key}
              title={
                statistics.data
                  ? t('devices.list.tabTitle', {
                      label: t(`devices.list.tabs.${key}`),
                      total: count(statistics.data),
                    })
                  : t(`devices.list.tabs.${key}`)
              }
            />
          ))}
        </Tabs>
      </div>
      <DeviceListBody
        key={JSON.stringify(filter)}
        filter={filter}
        onRefresh={() =>
          void queryClient.invalidateQueries({ queryKey: deviceKeys.statistics(scope) })
        }
      />
    </PageLayout>
  );
}
