import { ALARM_TOGGLES, alarmField, type AlarmSetting, type AlarmToggle } from '@xunji/shared';
import { List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SpeedLimitDialog } from './SpeedLimitDialog';
import { SwitchRow } from './SwitchRow';
import { useSettingSwitch } from './useSettingSwitch';

/** "Which alarms": one switch per §4 toggle; overspeed on asks for its limit first. */
export function AlarmToggleList({ setting }: { setting: AlarmSetting }) {
  const { t } = useTranslation();
  const { change, pendingKey } = useSettingSwitch(setting.terminalId);
  const [askingSpeed, setAskingSpeed] = useState(false);
  const speedOn = setting.speedAlarm === 1;

  const toggle = (key: AlarmToggle, on: boolean) => {
    if (key === 'speed' && on) setAskingSpeed(true);
    else change(key, { id: setting.id, status: on ? 1 : 0 });
  };

  const description = (key: AlarmToggle) =>
    key === 'speed' && setting.speedLimit !== null
      ? t(speedOn ? 'alarmSettings.speed.limitChange' : 'alarmSettings.speed.limit', {
          speed: setting.speedLimit,
        })
      : t(`alarmSettings.toggles.${key}.description`);

  return (
    <>
      <List className="section alarm-toggles" mode="card" header={t('alarmSettings.togglesHeader')}>
        {ALARM_TOGGLES.map((key) => (
          <SwitchRow
            key={key}
            label={t(`alarmSettings.toggles.${key}.label`)}
            description={description(key)}
            checked={setting[alarmField(key)] === 1}
            loading={pendingKey === key}
            onChange={(on) => toggle(key, on)}
            onClick={key === 'speed' && speedOn ? () => setAskingSpeed(true) : undefined}
          />
        ))}
      </List>
      {askingSpeed ? (
        <SpeedLimitDialog
          initial={setting.speedLimit}
          onCancel={() => setAskingSpeed(false)}
          onConfirm={(speed) => {
            setAskingSpeed(false);
            change('speed', { id: setting.id, status: 1, speed });
          }}
        />
      ) : null}
    </>
  );
}
