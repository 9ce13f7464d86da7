import type { CreatedShare } from '@xunji/shared';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { toast } from '../api/feedback';
import { formatLocateTime } from '../devices/format';
import { copyText } from '../pages/location/open-external';
import { shareLink } from './share-link';
import { useSendLink } from './useSendLink';

/** A link just made: the only time its code is shown, to copy or send. */
export function CreatedLink({
  created,
  deviceName,
}: {
  created: CreatedShare;
  deviceName: string;
}) {
  const { t } = useTranslation();
  const link = shareLink(created.code, window.location.origin);
  const { wechatReady, systemShare } = useSendLink({
    title: t('share.cardTitle', { name: deviceName }),
    desc: t('share.cardText', { time: formatLocateTime(created.expireTime) }),
    link,
  });
  const copy = async () =>
    toast((await copyText(link)) ? t('share.copied') : t('share.copyFailed'));
  const send = async () => {
    try {
      await systemShare?.();
    } catch {
      // the user closed the share sheet
    }
  };
  return (
    <section className="share-created" data-testid="share-created">
      <p className="share-created__label">
        {t('share.validUntil', { time: formatLocateTime(created.expireTime) })}
      </p>
      <p className="share-created__link" data-testid="share-link">
        {link}
      </p>
      {wechatReady ? <p className="share-created__hint">{t('share.wechatHint')}</p> : null}
      <div className="share-created__actions">
        <Button color="primary" onClick={() => void copy()}>
          {t('share.copy')}
        </Button>
        {systemShare ? <Button onClick={() => void send()}>{t('share.send')}</Button> : null}
      </div>
    </section>
  );
}
