import type { User } from '@xunji/shared';
import { List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useEntryRule } from '../router/entry-rule';
import { navigateTo } from '../router/navigation';
import { PATHS } from '../router/paths';
import { useAppStore } from '../stores/app';

/** §9 app manual: with the flag on and a manual configured, a row opening it in the web view. */
function ManualRow() {
  const { t } = useTranslation();
  const config = useAppStore((s) => s.config);
  const shows = useEntryRule();
  if (!config?.appManual || !config.manualUrl || !shows(PATHS.webView)) return null;
  const url = `${PATHS.webView}?url=${encodeURIComponent(config.manualUrl)}`;
  return (
    <List.Item data-link="manual" onClick={() => navigateTo(url)}>
      {t('webView.manual')}
    </List.Item>
  );
}

/** §6: the developer page's row, once the account's flag is known to be on. */
function DeveloperRow({ user }: { user: User | undefined }) {
  const { t } = useTranslation();
  const shows = useEntryRule();
  if (!user?.developerMode || !shows(PATHS.developer)) return null;
  return (
    <List.Item data-link="developer" onClick={() => navigateTo(PATHS.developer)}>
      {t('developer.mineRow')}
    </List.Item>
  );
}

/** The mine tab's rows of operator content and developer mode. */
export function MineExtraRows({ user }: { user: User | undefined }) {
  return (
    <>
      <ManualRow />
      <DeveloperRow user={user} />
    </>
  );
}

/** §9 production env off: a mark so testers know they are not on the real service. */
export function TestEnvironmentMark() {
  const { t } = useTranslation();
  const production = useAppStore((s) => s.config?.productionEnv ?? true);
  if (production) return null;
  return (
    <Tag color="warning" fill="outline" data-test-environment>
      {t('developer.testEnvironment')}
    </Tag>
  );
}
