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
import { MineExtraRows, TestEnvironmentMark } from '../../developer/MineRows';
import { changeLanguage } from '../../i18n';
import { navigateTo, reLaunch } from '../../router/navigation';
import { useEntryRule } from '../../router/entry-rule';
import { PATHS, type SpecPath } from '../../router/paths';
import { useAppStore } from '../../stores/app';
import { signOut } from '../../stores/session';

async function signOutEverywhere(): Promise<void> {
  // The local session ends even when the server cannot be told.
  await call(routes.logout, undefined, { toastState: false }).catch(() => undefined);
  signOut();
  reLaunch(PATHS.home);
}

/** The account's own pages, above the language. */
const ACCOUNT_LINKS = [
  { key: 'devices', path: PATHS.deviceList },
  { key: 'orders', path: PATHS.orders },
  { key: 'accountSafety', path: PATHS.accountSafety },
  { key: 'nickname', path: PATHS.amendUserInfo },
] as const satisfies readonly { key: string; path: SpecPath }[];

/** The information pages. */
const INFORMATION_LINKS = [
  { key: 'announcements', path: PATHS.notice },
  { key: 'support', path: PATHS.support },
  { key: 'privacy', path: PATHS.privacyNotice },
  { key: 'terms', path: PATHS.serviceTerms },
  { key: 'about', path: PATHS.about },
] as const satisfies readonly { key: string; path: SpecPath }[];

type MineLink = (typeof ACCOUNT_LINKS)[number] | (typeof INFORMATION_LINKS)[number];

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
  const shows = useEntryRule();
  const link = ({ key, path }: MineLink) => (
    <List.Item
      key={key}
      data-link={key}
      extra={key === 'nickname' ? (user?.nickname ?? t('common.notSet')) : undefined}
      onClick={() => navigateTo(path)}
    >
      {t(`mine.${key}`)}
    </List.Item>
  );
  const linksOf = (links: readonly MineLink[]) => links.filter(({ path }) => shows(path)).map(link);

  return (
    <PageLayout tab title={t('mine.title')} right={<TestEnvironmentMark />}>
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
        {linksOf(ACCOUNT_LINKS)}
        <List.Item extra={t(`languages.${language}`)} onClick={() => setChoosingLanguage(true)}>
          {t('mine.language')}
        </List.Item>
      </List>
      <List className="section">
        <PushSwitch />
      </List>
      <List className="section">
        {linksOf(INFORMATION_LINKS)}
        <MineExtraRows user={user} />
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
