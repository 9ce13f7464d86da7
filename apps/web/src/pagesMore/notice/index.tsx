import { useQuery } from '@tanstack/react-query';
import { Empty } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { queries } from '../../api/queries';
import { LoadFailure } from '../../components/LoadFailure';
import { PageLayout } from '../../components/PageLayout';
import { formatDateTime } from '../../lib/date';

function noticeId(raw: string | null): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Announcements: the notice ?id=, else the latest one. */
export default function NoticePage() {
  const { t } = useTranslation();
  const id = noticeId(useSearchParams()[0].get('id'));
  const { data: notice, isPending, error, refetch } = useQuery(queries.notice(id));

  return (
    <PageLayout title={t('notice.title')}>
      {notice ? (
        <article className="notice">
          <h1>{notice.title}</h1>
          <p className="notice__time">
            {t('notice.publishedAt', { time: formatDateTime(notice.publishedAt) })}
          </p>
          <div className="notice__content">{notice.content}</div>
        </article>
      ) : isPending ? null : error ? (
        <LoadFailure error={error} onRetry={refetch} notFoundTitle={t('notice.empty')} />
      ) : (
        <Empty description={t('notice.empty')} />
      )}
    </PageLayout>
  );
}
