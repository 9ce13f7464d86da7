import {
  ALARM_PHONE_SLOTS,
  hasChinese,
  isMobile,
  type AlarmSetting,
  type ValidationMessageKey,
} from '@xunji/shared';

/** The two channels that alarm up to six numbers (§9). */
export type PhoneChannel = 'tel' | 'sms';
export type PhoneField = Extract<keyof AlarmSetting, `${PhoneChannel}PhoneNo${number}`>;

/** telPhoneNo1…telPhoneNo6 or smsPhoneNo1…smsPhoneNo6. */
export const phoneFields = (channel: PhoneChannel): PhoneField[] =>
  Array.from(
    { length: ALARM_PHONE_SLOTS },
    (_, index) => `${channel}PhoneNo${index + 1}` as PhoneField,
  );

/**
 * The §5 rule a number breaks, checked in the server's order; empty is allowed. A number that
 * repeats an earlier one is the wrong one, as the server marks it.
 */
export function phoneError(value: string, earlier: readonly string[]): ValidationMessageKey | null {
  const number = value.trim();
  if (number === '') return null;
  if (hasChinese(number)) return 'noChinese';
  if (!isMobile(number)) return 'mobile';
  if (earlier.some((other) => other.trim() === number)) return 'phoneRepeated';
  return null;
}

/** The saved numbers of a channel, in slot order. */
export const savedNumbers = (setting: AlarmSetting, channel: PhoneChannel): string[] =>
  phoneFields(channel)
    .map((field) => setting[field])
    .filter((number): number is string => !!number);

/** The six slots of the set-*-phone-number body: trimmed, an empty slot as null. */
export function phoneSlots(
  channel: PhoneChannel,
  values: Partial<Record<PhoneField, string | null>>,
): Record<PhoneField, string | null> {
  return Object.fromEntries(
    phoneFields(channel).map((field) => [field, values[field]?.trim() || null]),
  ) as Record<PhoneField, string | null>;
}
