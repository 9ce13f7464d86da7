import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { toast } from '../api/feedback';
import './oauth.css';

/** Outside WeChat the official account's OAuth cannot run: the page's link, to open it there. */
export function OpenInWechat() {
  const { t } = useTranslation();
  const copy = () =>
    void navigator.clipboard.writeText(window.location.href).then(
      () => toast(t('oauth.linkCopied')),
      () => toast(window.location.href),
    );
  return (
    <List className="section" mode="card" header={t('oauth.openInWechat')}>
      <List.Item>
        <p className="open-in-wechat__hint">{t('oauth.openInWechatHint')}</p>
        <Button block color="primary" fill="outline" onClick={copy}>
          {t('oauth.copyLink')}
        </Button>
      </List.Item>
    </List>
  );
}
