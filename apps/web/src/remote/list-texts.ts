import { useTranslation } from 'react-i18next';
import type { PagedListTexts } from '../components/PagedListView';

/** The words of a paged list of these pages (remote.list), with its own empty text. */
export function usePagedListTexts(empty: string): PagedListTexts {
  const { t } = useTranslation();
  return {
    pulling: t('remote.list.pulling'),
    canRelease: t('remote.list.canRelease'),
    refreshing: t('remote.list.refreshing'),
    refreshed: t('remote.list.refreshed'),
    empty,
    status: {
      loadmore: t('remote.list.status.loadmore'),
      loading: t('remote.list.status.loading'),
      nomore: t('remote.list.status.nomore'),
    },
  };
}
