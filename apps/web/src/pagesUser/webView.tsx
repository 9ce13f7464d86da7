import { useQuery } from '@tanstack/react-query';
import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { queries } from '../api/queries';
import { PageLayout } from '../components/PageLayout';
import { webViewTarget } from '../developer/web-view-target';
import '../developer/web-view.css';
import { useAppStore } from '../stores/app';

/** Operator content (manual, announcements, agreements) in a frame, for allowed origins only. */
export default function WebViewPage() {
  const { t } = useTranslation();
  const stored = useAppStore((s) => s.config);
  const { data: config = stored } = useQuery(queries.appConfig);
  const raw = useSearchParams()[0].get('url');
  const target = webViewTarget(raw, config?.webViewOrigins ?? []);
  const title =
    target.kind !== 'invalid' && config?.manualUrl === raw
      ? t('webView.manual')
      : t('webView.title');
  return (
    <PageLayout title={title}>
      {target.kind === 'frame' && (
        <iframe
          className="web-view__frame"
          src={target.url}
          title={title}
          referrerPolicy="no-referrer"
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
        />
      )}
      {target.kind === 'outside' && (
        <div className="web-view__outside">
          <p>{t('webView.opensOutside')}</p>
          <p className="web-view__url">{target.url}</p>
          <a className="web-view__open" href={target.url} target="_blank" rel="noopener noreferrer">
            {t('webView.open')}
          </a>
        </div>
      )}
      {target.kind === 'invalid' && (
        <ErrorBlock status="empty" title={t('webView.invalid')} description="" />
      )}
    </PageLayout>
  );
}
