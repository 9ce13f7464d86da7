import { FilterOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../history/format';
import { navigateTo } from '../router/navigation';
import { PATHS } from '../router/paths';
import { useAppStore } from '../stores/app';
import { alarmName } from './format';
import { isFiltered, searchDays, type AlarmSearch } from './search';

/** What the list shows (types, time), and the way to the filter page. */
export function AlarmFilterBar({ search }: { search: AlarmSearch }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const [firstType] = search.alarmTypes;
  const types =
    search.alarmTypes.length === 0
      ? t('alarms.filter.allTypes')
      : search.alarmTypes.length === 1 && firstType
        ? alarmName(firstType, language)
        : t('alarms.filter.typeCount', { count: search.alarmTypes.length });
  const days = searchDays(search);
  const time =
    search.range === 'custom' && days
      ? `${formatDay(days[0])} – ${formatDay(days[1])}`
      : t(`alarms.filter.range.${days ? search.range : 'all'}`);

  return (
    <button
      type="button"
      className={isFiltered(search) ? 'alarm-filter-bar is-active' : 'alarm-filter-bar'}
      data-testid="alarm-filter"
      onClick={() => navigateTo(PATHS.messageFilter)}
    >
      <span className="alarm-filter-bar__summary">
        <span>{types}</span>
        <span className="alarm-filter-bar__sep" aria-hidden>
          ·
        </span>
        <span>{time}</span>
      </span>
      <span className="alarm-filter-bar__open">
        <FilterOutline />
        {t('alarms.filter.open')}
      </span>
    </button>
  );
}
