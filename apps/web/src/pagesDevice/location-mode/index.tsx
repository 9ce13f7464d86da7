import { LOCATE_MODES, LOCATION_INTERVALS_S, POSITIONING_PRIORITIES, routes } from '@xunji/shared';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { useRules } from '../../forms/rules';
import { Choices } from '../../remote/Choices';
import { CommandStatus } from '../../remote/CommandStatus';
import { hoursLabel } from '../../remote/command-words';
import {
  draftOf,
  draftProblem,
  settingOf,
  TIME_LIMITS,
  WEEK_DAYS,
  type LocateModeDraft,
} from '../../remote/locate-mode';
import { RemotePage, RemoteSection, type RemoteContext } from '../../remote/RemotePage';
import { useRemoteCommands, type RemoteCommands } from '../../remote/useRemoteCommands';
import { TimeList } from './TimeList';

interface EditorProps {
  draft: LocateModeDraft;
  change: (patch: Partial<LocateModeDraft>) => void;
}

/** The fields of the chosen mode: an interval, days and times, or alarms. */
function ModeFields({ draft, change }: EditorProps) {
  const { t } = useTranslation();
  switch (draft.mode) {
    case 'timing':
      return (
        <Choices
          label={t('remote.locateMode.interval')}
          options={LOCATION_INTERVALS_S.map((seconds) => ({
            value: seconds,
            label: hoursLabel(t, seconds),
          }))}
          chosen={draft.intervalSeconds === null ? [] : [draft.intervalSeconds]}
          onToggle={(intervalSeconds) => change({ intervalSeconds })}
        />
      );
    case 'week':
      return (
        <>
          <Choices
            label={t('remote.locateMode.days')}
            options={WEEK_DAYS.map(([day, name]) => ({
              value: day,
              label: t(`remote.weekDays.${name}`),
            }))}
            chosen={draft.days}
            onToggle={(day) =>
              change({
                days: draft.days.includes(day)
                  ? draft.days.filter((other) => other !== day)
                  : [...draft.days, day],
              })
            }
          />
          <TimeList
            label={t('remote.locateMode.times')}
            times={draft.times}
            max={TIME_LIMITS.times}
            onChange={(times) => change({ times })}
          />
        </>
      );
    case 'alarmClock':
      return (
        <TimeList
          label={t('remote.locateMode.alarms')}
          times={draft.alarms}
          max={TIME_LIMITS.alarms}
          onChange={(alarms) => change({ alarms })}
        />
      );
    default:
      return null;
  }
}

function ModeEditor({
  terminalId,
  params,
  commands,
}: RemoteContext & { commands: RemoteCommands }) {
  const { t } = useTranslation();
  const { message } = useRules();
  const [draft, setDraft] = useState(() => draftOf(params.params.locateMode));
  const [checked, setChecked] = useState(false);
  const problem = checked ? draftProblem(draft) : null;
  const change = (patch: Partial<LocateModeDraft>) =>
    setDraft((before) => ({ ...before, ...patch }));

  const save = () => {
    setChecked(true);
    if (draftProblem(draft) !== null) return;
    void commands.send('locateMode', () =>
      call(routes.setTerminalParams, {
        body: { terminalId, params: { locateMode: settingOf(draft) } },
      }),
    );
  };

  return (
    <RemoteSection
      title={t('remote.sections.locateMode')}
      hint={params.pending.includes('locateMode') ? t('remote.pendingSetting') : null}
      name="locateMode"
    >
      <Choices
        label={t('remote.sections.locateMode')}
        options={LOCATE_MODES.map((mode) => ({
          value: mode,
          label: t(`remote.locateModes.${mode}`),
          disabled: !params.locateModes.includes(mode),
        }))}
        chosen={[draft.mode]}
        onToggle={(mode) => change({ mode })}
      />
      {params.locateModes.length < LOCATE_MODES.length ? (
        <p className="remote-section__hint">{t('remote.locateMode.someUnsupported')}</p>
      ) : null}
      <p className="remote-section__hint locate-mode__about">
        {t(`remote.locateMode.about.${draft.mode}`)}
      </p>
      <ModeFields draft={draft} change={change} />
      {problem ? <div className="field-error">{message(problem)}</div> : null}
      <div className="remote-actions">
        <Button color="primary" block loading={commands.busy === 'locateMode'} onClick={save}>
          {t('remote.locateMode.save')}
        </Button>
      </div>
      {commands.records('locateMode').map((record) => (
        <CommandStatus key={record.id} record={record} />
      ))}
    </RemoteSection>
  );
}

function PrioritySection({
  terminalId,
  params,
  commands,
}: RemoteContext & { commands: RemoteCommands }) {
  const { t } = useTranslation();
  const current = params.params.positioningPriority;
  const supported = params.abilities.includes('positioningPriority');
  const hint = () => {
    if (!supported) return t('remote.locateMode.priorityUnsupported');
    if (params.pending.includes('positioningPriority')) return t('remote.pendingSetting');
    return t('remote.locateMode.priorityHint');
  };
  return (
    <RemoteSection title={t('remote.sections.priority')} hint={hint()} name="priority">
      <Choices
        label={t('remote.sections.priority')}
        options={POSITIONING_PRIORITIES.map((priority) => ({
          value: priority,
          label: t(`remote.priorities.${priority}`),
        }))}
        chosen={current === null ? [] : [current]}
        disabled={!supported || commands.busy === 'positioningPriority'}
        onToggle={(positioningPriority) =>
          void commands.send('positioningPriority', () =>
            call(routes.setTerminalParams, {
              body: { terminalId, params: { positioningPriority } },
            }),
          )
        }
      />
      {commands.records('positioningPriority').map((record) => (
        <CommandStatus key={record.id} record={record} />
      ))}
    </RemoteSection>
  );
}

function LocateModeSettings(context: RemoteContext) {
  const { t } = useTranslation();
  const commands = useRemoteCommands(context.terminalId);
  const { abilities } = context.params;
  if (!abilities.includes('locateMode') && !abilities.includes('positioningPriority'))
    return <p className="page__intro">{t('remote.unsupportedPage')}</p>;
  return (
    <>
      {abilities.includes('locateMode') ? <ModeEditor {...context} commands={commands} /> : null}
      <PrioritySection {...context} commands={commands} />
    </>
  );
}

/** /pagesDevice/location-mode/index?id=: the six locate modes with their editors, and Wi-Fi/GPS priority. */
export default function LocationModePage() {
  const { t } = useTranslation();
  return (
    <RemotePage title={t('remote.locateMode.title')}>
      {(context) => <LocateModeSettings {...context} />}
    </RemotePage>
  );
}
