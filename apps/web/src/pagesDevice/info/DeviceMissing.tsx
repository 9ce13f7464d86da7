import { useTranslation } from 'react-i18next';
import { FailureNotice, LoadFailure } from '../../components/LoadFailure';

type DeviceMissingProps =
  /** The page's ?id= is missing or not an id. */
  | { invalidId: true }
  /** The device's data failed to load: said as what happened, with a retry where one can help. */
  | { error: unknown; onRetry: () => unknown };

/**
 * The body of a device page without its device. "Not found or no access" (it may have been
 * unbound) only when the server said so; offline or a server failure says that instead.
 */
export function DeviceMissing(props: DeviceMissingProps) {
  const { t } = useTranslation();
  if ('invalidId' in props)
    return <FailureNotice view="notFound" title={t('devices.info.invalidId')} />;
  return (
    <LoadFailure
      error={props.error}
      onRetry={props.onRetry}
      notFoundTitle={t('failure.deviceNotFound')}
      notFoundText={t('failure.deviceNotFoundText')}
    />
  );
}
