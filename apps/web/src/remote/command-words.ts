import { LOCATE_MODES, type CommandRecord, type LocateModeName } from '@xunji/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The settings whose value is a switch: the log words them per §4 ("arm", "disarm"…). */
const SWITCHES = ['garrison', 'cutOil', 'power', 'autoRecord', 'alwaysRecord'] as const;
type SwitchParam = (typeof SWITCHES)[number];

const isSwitch = (name: string): name is SwitchParam =>
  (SWITCHES as readonly string[]).includes(name);
const isLocateMode = (value: string): value is LocateModeName =>
  (LOCATE_MODES as readonly string[]).includes(value);

/** Seconds as hours (the §9 location intervals: 0.5 to 12 h). */
export const hoursLabel = (t: TFunction, seconds: number): string =>
  t('remote.units.hours', { value: seconds / 3600 });

/** Seconds as seconds below a minute, minutes below half an hour, else hours (upload intervals). */
export function intervalLabel(t: TFunction, seconds: number): string {
  if (seconds < 60) return t('remote.units.seconds', { value: seconds });
  if (seconds < 1800) return t('remote.units.minutes', { value: seconds / 60 });
  return hoursLabel(t, seconds);
}

/** Seconds as seconds below half a minute, else minutes (the §9 pickup options). */
export const pickupLabel = (t: TFunction, seconds: number): string =>
  seconds < 30
    ? t('remote.units.seconds', { value: seconds })
    : t('remote.units.minutes', { value: seconds / 60 });

function valueWords(t: TFunction, { paramName, paramValue }: CommandRecord): string | null {
  if (paramValue === null || paramValue === '') return null;
  const number = Number(paramValue);
  switch (paramName) {
    case 'uploadInterval':
      return Number.isFinite(number) ? intervalLabel(t, number) : paramValue;
    case 'voiceRecord':
      return Number.isFinite(number) ? pickupLabel(t, number) : paramValue;
    case 'overspeed':
      // "0" turned the overspeed alarm off.
      return number > 0 ? t('remote.units.kmh', { value: number }) : t('remote.off');
    case 'locateMode':
      return isLocateMode(paramValue) ? t(`remote.locateModes.${paramValue}`) : paramValue;
    case 'positioningPriority':
      return paramValue === 'wifi' || paramValue === 'gps'
        ? t(`remote.priorities.${paramValue}`)
        : paramValue;
    case 'autoRecordMode':
      return paramValue === 'sound' || paramValue === 'schedule'
        ? t(`voice.auto.modes.${paramValue}`)
        : paramValue;
    default:
      return paramValue;
  }
}

/** The words of a command record: what was asked (§4 on/off wording) and the value sent. */
export function useCommandWords() {
  const { t } = useTranslation();
  return {
    title: (record: CommandRecord): string => {
      const { paramName, paramValue } = record;
      if (isSwitch(paramName) && (paramValue === '0' || paramValue === '1'))
        return t(`remote.switchWords.${paramName}.${paramValue === '1' ? 'on' : 'off'}`);
      return t(`remote.params.${paramName}`);
    },
    value: (record: CommandRecord): string | null =>
      isSwitch(record.paramName) ? null : valueWords(t, record),
  };
}
