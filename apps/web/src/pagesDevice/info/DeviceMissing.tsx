import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** The body of a device page whose ?id= is missing or whose device cannot be loaded. */
export function DeviceMissing({ invalidId = false }: { invalidId?: boolean }) {
  const { t } = useTranslation();
  return (
    <ErrorBlock
      status="empty"
      title={invalidId ? t('devices.info.invalidId') : t('devices.info.notAvailable')}
      description={null}
    />
  );
}
