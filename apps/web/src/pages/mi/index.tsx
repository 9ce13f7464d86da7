import { useQuery } from '@tanstack/react-query';
import { LANGUAGES, UserType, routes } from '@xunji/shared';
import { ActionSheet, Button, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PushSwitch } from '../../alarms/PushSwitch';
import { call } from '../../api/call';
import { confirmDialog } from '../../api/feedback';
import { queries } from '../../api/queries';
import { PageLayout } from '../../components/PageLayout';
import { changeLanguage } from '../../i18n';
import { navigateTo, reLaunch } from '../../router/navigation';
import { PATHS } from '../../router/paths';
import { useAppStore } from '../../stores/app';
import { signOut } from '../../stores/session';

async function signOutEverywhere(): Promise<void> {
  // The local session ends even when the server cannot be told.
  await call(routes.logout, undefined, { toastState: false }).catch(() => undefined);
  signOut();
  reLaunch(PATHS.home);
}

/** Mine tab: the user, account entries, language, information pages and sign-out. */
export default function MinePage() {
  const { t } = useTranslation();
  const { data: user } = useQuery(queries.user);
  const language = useAppStore((s) => s.language);
  const [choosingLanguage, setChoosingLanguage] = useState(false);

  const userTypeLabel = {
    [UserType.ENTERPRISE]: t('mine.userType.enterprise'),
    [UserType.PERSONAL]: t('mine.userType.personal'),
    [UserType.DEVICE]: t('mine.userType.device'),
  };
  const name = user?.nickname || user?.username || '';
  const links = [
    { path: PATHS.notice, label: t('mine.announcements') },
    { path: PATHS.support, label: t('mine.support') },
    { path: PATHS.privacyNotice, label: t('mine.privacy') },
    { path: PATHS.serviceTerms, label: t('mine.terms') },
    { path: PATHS.about, label: t('mine.about') },
  ];

  return (
    <PageLayout tab title={t('mine.title')}>
      {user && (
        <header className="profile">
          <div className="profile__avatar" aria-hidden>
            {name.slice(0, 1).toUpperCase()}
          </div>
          <div>
            <div className="profile__name">{name}</div>
            <div className="profile__meta">
              {user.username} · {userTypeLabel[user.userType]}
            </div>
          </div>
        </header>
      )}
      <List className="section">
        <List.Item onClick={() => navigateTo(PATHS.deviceList)}>{t('devices.myDevices')}</List.Item>
        <List.Item onClick={() => navigateTo(PATHS.accountSafety)}>
          {t('mine.accountSafety')}
        </List.Item>
        <List.Item
          extra={user?.nickname ?? t('common.notSet')}
          onClick={() => navigateTo(PATHS.amendUserInfo)}
        >
          {t('mine.nickname')}
        </List.Item>
        <List.Item extra={t(`languages.${language}`)} onClick={() => setChoosingLanguage(true)}>
          {t('mine.language')}
        </List.Item>
      </List>
      <List className="section">
        <PushSwitch />
      </List>
      <List className="section">
        {links.map(({ path, label }) => (
          <List.Item key={path} onClick={() => navigateTo(path)}>
            {label}
          </List.Item>
        ))}
      </List>
      <div className="section section--padded">
        <Button
          block
          color="danger"
          fill="outline"
          onClick={() => confirmDialog(t('mine.signOutConfirm'), () => void signOutEverywhere())}
        >
          {t('mine.signOut')}
        </Button>
      </div>
      <ActionSheet
        visible={choosingLanguage}
        actions={LANGUAGES.map((key) => ({ key, text: t(`languages.${key}`) }))}
        cancelText={t('common.cancel')}
        onAction={({ key }) => void changeLanguage(key === 'en' ? 'en' : 'zh-CN')}
        closeOnAction
        onClose={() => setChoosingLanguage(false)}
      />
    </PageLayout>
  );
}
