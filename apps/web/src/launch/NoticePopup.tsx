import type { Notice } from '@xunji/shared';
import { Modal } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/date';
import { navigateTo } from '../router/navigation';
import { PATHS } from '../router/paths';
import { useAppStore } from '../stores/app';
import { useLaunchStore } from './store';

const close = () => useLaunchStore.setState({ notice: null });

/** The latest notice, shown once: its id is remembered as seen as soon as it appears. */
export default function NoticePopup({ notice }: { notice: Notice }) {
  const { t } = useTranslation();

  useEffect(() => {
    useAppStore.setState({ seenNoticeId: notice.id });
  }, [notice.id]);

  return (
    <Modal
      visible
      title={notice.title}
      content={
        <div className="notice-popup">
          <div className="notice-popup__time">
            {t('notice.publishedAt', { time: formatDateTime(notice.publishedAt) })}
          </div>
          <div className="notice-popup__content">{notice.content}</div>
        </div>
      }
      closeOnAction
      onClose={close}
      actions={[
        {
          key: 'view',
          text: t('notice.view'),
          primary: true,
          onClick: () => navigateTo(`${PATHS.notice}?id=${notice.id}`),
        },
        { key: 'close', text: t('common.close') },
      ]}
    />
  );
}
