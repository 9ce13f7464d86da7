import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { appleAvailable, wechatCodeType } from '../../oauth/availability';
import { PATHS } from '../../router/paths';
import { useAppStore } from '../../stores/app';

/** The third-party sign-ins this browser can use; what starts them loads on a tap. */
export function OtherSignIns({ back }: { back: boolean }) {
  const { t } = useTranslation();
  const config = useAppStore((s) => s.config);
  const wechat = wechatCodeType(config);
  const apple = appleAvailable(config);
  if (!config || (!wechat && !apple)) return null;

  const start = (provider: 'wechat' | 'apple') =>
    void import('../../oauth/start').then(({ startOauth }) =>
      startOauth(config, {
        provider,
        type: provider === 'wechat' ? (wechat ?? undefined) : undefined,
        purpose: 'login',
        returnTo: PATHS.home,
        back,
      }),
    );

  return (
    <div className="login__others">
      {wechat && (
        <Button block fill="outline" onClick={() => start('wechat')}>
          {t('login.wechat')}
        </Button>
      )}
      {apple && (
        <Button block fill="outline" onClick={() => start('apple')}>
          {t('login.apple')}
        </Button>
      )}
    </div>
  );
}
