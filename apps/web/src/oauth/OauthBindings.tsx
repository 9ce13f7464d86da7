import { useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type OauthProvider } from '@xunji/shared';
import { Avatar, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { call } from '../api/call';
import { confirmDialog, toast } from '../api/feedback';
import { PATHS } from '../router/paths';
import { useAppStore } from '../stores/app';
import { appleAvailable, wechatCodeType } from './availability';
import { startOauth } from './start';

const bindingsQuery = {
  queryKey: ['userOauth'],
  queryFn: () => call(routes.userOauth),
};

/**
 * Account-safety's WeChat and Apple rows: a bound identity can be unbound (after a confirm), an
 * unbound one bound where this browser can authorise it. Nothing shows for a provider that is
 * neither bound nor usable here.
 */
export function OauthBindings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = useAppStore((s) => s.config);
  const { data: bindings } = useQuery(bindingsQuery);
  const wechatType = wechatCodeType(config);
  const usable: Record<OauthProvider, boolean> = {
    wechat: wechatType !== null,
    apple: appleAvailable(config),
  };

  const unbind = (provider: OauthProvider) => {
    const name = t(`oauth.providers.${provider}`);
    confirmDialog(t('oauth.unbindConfirm', { provider: name }), () => {
      void call(provider === 'wechat' ? routes.unbindWechat : routes.unbindApple).then(async () => {
        await queryClient.invalidateQueries({ queryKey: bindingsQuery.queryKey });
        toast(t('oauth.unbound', { provider: name }));
      });
    });
  };
  const bind = (provider: OauthProvider) => {
    if (!config) return;
    void startOauth(config, {
      provider,
      type: provider === 'wechat' ? (wechatType ?? undefined) : undefined,
      purpose: 'bind',
      returnTo: PATHS.accountSafety,
    });
  };

  if (!bindings) return null;
  const rows = (['wechat', 'apple'] as const)
    .map((provider) => ({ provider, bound: bindings.find((b) => b.provider === provider) }))
    .filter(({ provider, bound }) => bound || usable[provider]);
  if (rows.length === 0) return null;

  return (
    <List className="section" header={t('oauth.bindings')}>
      {rows.map(({ provider, bound }) => (
        <List.Item
          key={provider}
          prefix={bound?.headImgUrl ? <Avatar src={bound.headImgUrl} /> : undefined}
          description={bound ? bound.nickname || t('oauth.unnamed') : t('oauth.notBound')}
          extra={bound ? t('oauth.unbind') : t('oauth.bind')}
          onClick={() => (bound ? unbind(provider) : bind(provider))}
        >
          {t(`oauth.providers.${provider}`)}
        </List.Item>
      ))}
    </List>
  );
}
