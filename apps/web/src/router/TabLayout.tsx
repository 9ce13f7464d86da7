import { TabBar } from 'antd-mobile';
import { AppOutline, MessageOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { unreadBadge } from '../alarms/format';
import { useUnreadAlarms } from '../alarms/useUnreadAlarms';
import { switchTab } from './navigation';
import { PATHS, tabOf } from './paths';
import { Suspended } from './Suspended';

/** The tab bar of spec §2 (50 px, three tabs), shown only on the tab pages. */
export default function TabLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const unread = useUnreadAlarms().data?.total ?? 0;
  const tabs = [
    { key: PATHS.home, title: t('tabs.home'), icon: <AppOutline /> },
    { key: PATHS.message, title: t('tabs.message'), icon: <MessageOutline />, badge: unread },
    { key: PATHS.mine, title: t('tabs.mine'), icon: <UserOutline /> },
  ];
  return (
    <div className="tab-layout">
      <main className="tab-layout__page">
        <Suspended>
          <Outlet />
        </Suspended>
      </main>
      <TabBar className="tab-bar" activeKey={tabOf(pathname) ?? null} onChange={switchTab}>
        {tabs.map((tab) => (
          <TabBar.Item
            key={tab.key}
            title={tab.title}
            icon={tab.icon}
            badge={tab.badge ? unreadBadge(tab.badge) : undefined}
          />
        ))}
      </TabBar>
    </div>
  );
}
