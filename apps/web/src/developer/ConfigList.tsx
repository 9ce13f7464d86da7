import type { AppConfig } from '@xunji/shared';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** A configuration value as a developer reads it: on/off, a list, or JSON. */
function useShowValue(): (value: unknown) => string {
  const { t } = useTranslation();
  return (value) => {
    if (typeof value === 'boolean') return value ? t('developer.on') : t('developer.off');
    if (value === null || value === undefined) return t('developer.none');
    if (Array.isArray(value)) return value.length === 0 ? t('developer.none') : value.join(', ');
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };
}

/** The application configuration (§9) as the server sent it, one row per field. */
export function ConfigList({ config }: { config: AppConfig | null }) {
  const { t } = useTranslation();
  const show = useShowValue();
  return (
    <List header={t('developer.configuration')} className="developer__config">
      {config === null ? (
        <List.Item>{t('developer.notLoaded')}</List.Item>
      ) : (
        Object.entries(config).map(([key, value]) => (
          <List.Item key={key} data-config={key} description={show(value)}>
            {key}
          </List.Item>
        ))
      )}
    </List>
  );
}
