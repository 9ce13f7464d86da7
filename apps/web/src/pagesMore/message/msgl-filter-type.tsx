import { addDays, ALARM_TYPES, type AlarmType } from '@xunji/shared';
import { Button, DatePicker, List, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmName } from '../../alarms/format';
import { ALARM_GROUPS, ALARM_TYPE_GROUPS, type AlarmGroup } from '../../alarms/groups';
import { EMPTY_SEARCH, TIME_RANGES, type AlarmSearch, type TimeRange } from '../../alarms/search';
import { PageLayout } from '../../components/PageLayout';
import { formatDay } from '../../history/format';
import { fromDate, minDate, toDate, today } from '../../history/day';
import { navigateBackOr } from '../../router/navigation';
import { PATHS } from '../../router/paths';
import { setAlarmSearch, useAlarmStore } from '../../stores/alarm';
import { useAppStore } from '../../stores/app';
import '../../alarms/alarms.css';

type DayField = 'beginTime' | 'endTime';

/** The search as it will be stored: types in table order, a custom range first day first. */
function settled(search: AlarmSearch): AlarmSearch {
  const alarmTypes = ALARM_TYPES.filter((type) => search.alarmTypes.includes(type));
  if (search.range !== 'custom')
    return { alarmTypes, range: search.range, beginTime: null, endTime: null };
  const { beginTime, endTime } = search;
  return beginTime && endTime && beginTime > endTime
    ? { ...search, alarmTypes, beginTime: endTime, endTime: beginTime }
    : { ...search, alarmTypes };
}

/** A custom range starts as the last 7 days. */
function withRange(search: AlarmSearch, range: TimeRange): AlarmSearch {
  if (range !== 'custom' || (search.beginTime && search.endTime)) return { ...search, range };
  const last = today();
  return { ...search, range, beginTime: addDays(last, -6), endTime: last };
}

/**
 * /pagesMore/message/msgl-filter-type: which alarm types (by group; none means all) and which
 * time the message list shows; confirm stores it in the alarm store and goes back.
 */
export default function MessageFilterPage() {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const [draft, setDraft] = useState<AlarmSearch>(() => useAlarmStore.getState().search);
  const [picking, setPicking] = useState<DayField | null>(null);

  const chooseInGroup = (group: AlarmGroup, chosen: AlarmType[]) =>
    setDraft((current) => ({
      ...current,
      alarmTypes: [
        ...current.alarmTypes.filter((type) => !ALARM_TYPE_GROUPS[group].includes(type)),
        ...chosen,
      ],
    }));
  const custom = draft.range === 'custom';
  const complete = !custom || (draft.beginTime !== null && draft.endTime !== null);

  const dayItem = (field: DayField, label: string) => (
    <List.Item
      data-field={field}
      extra={draft[field] ? formatDay(draft[field]) : t('alarms.filter.pickDate')}
      onClick={() => setPicking(field)}
    >
      {label}
    </List.Item>
  );

  return (
    <PageLayout title={t('alarms.filter.title')}>
      <div className="alarm-filter-page">
        <section className="alarm-filter__section">
          <h2 className="alarm-filter__title">
            {t('alarms.filter.types')}
            <small>{t('alarms.filter.typesHint')}</small>
          </h2>
          {ALARM_GROUPS.map((group) => (
            <div key={group} className="alarm-filter__group" data-group={group}>
              <h3>{t(`alarms.filter.groups.${group}`)}</h3>
              <Selector
                multiple
                showCheckMark
                columns={3}
                options={ALARM_TYPE_GROUPS[group].map((type) => ({
                  value: type,
                  label: alarmName(type, language),
                }))}
                value={draft.alarmTypes.filter((type) => ALARM_TYPE_GROUPS[group].includes(type))}
                onChange={(chosen) => chooseInGroup(group, chosen)}
              />
            </div>
          ))}
        </section>
        <section className="alarm-filter__section">
          <h2 className="alarm-filter__title">{t('alarms.filter.time')}</h2>
          <Selector
            columns={2}
            options={TIME_RANGES.map((range) => ({
              value: range,
              label: t(`alarms.filter.range.${range}`),
            }))}
            value={[draft.range]}
            onChange={([range]) => {
              if (range) setDraft((current) => withRange(current, range));
            }}
          />
          {custom ? (
            <List className="alarm-filter__days">
              {dayItem('beginTime', t('alarms.filter.from'))}
              {dayItem('endTime', t('alarms.filter.to'))}
            </List>
          ) : null}
        </section>
      </div>
      <div className="alarm-filter__actions">
        <Button block onClick={() => setDraft(EMPTY_SEARCH)}>
          {t('alarms.filter.reset')}
        </Button>
        <Button
          block
          color="primary"
          disabled={!complete}
          onClick={() => {
            setAlarmSearch(settled(draft));
            navigateBackOr(PATHS.messageTable);
          }}
        >
          {t('alarms.filter.confirm')}
        </Button>
      </div>
      <DatePicker
        visible={picking !== null}
        title={picking === 'endTime' ? t('alarms.filter.to') : t('alarms.filter.from')}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        precision="day"
        min={toDate(minDate())}
        max={toDate(today())}
        value={toDate((picking && draft[picking]) || today())}
        onClose={() => setPicking(null)}
        onConfirm={(date) => {
          if (picking) setDraft((current) => ({ ...current, [picking]: fromDate(date) }));
        }}
      />
    </PageLayout>
  );
}
