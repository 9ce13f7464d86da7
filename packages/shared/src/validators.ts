/** The validators of spec §5. The app checks before sending; the server is the authority. */

const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
const SMS_CODE = /^\d{6}$/;
const CHINESE = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const LANDLINE = /^(0\d{2,3}-?)?[1-9]\d{6,7}(-\d{1,6})?$/;
const ID_CARD = /^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dX]$/;
const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
const LICENCE_PLATE = new RegExp(
  `^[${PLATE_PROVINCES}][A-HJ-NP-Z](?:[A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳]|[DF][A-HJ-NP-Z0-9]{5}|[A-HJ-NP-Z0-9]{5}[DF])$`,
);
const AMOUNT = /^(0|[1-9]\d*)(\.\d{1,2})?$/;
const HEX_COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const ICCID = /^89\d{17}[\dA-F]?$/i;
const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECK = '10X98765432';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
export const TEXTAREA_MAX = 140;

export const isMobile = (value: string): boolean => MAINLAND_MOBILE.test(value);
export const isSmsCode = (value: string): boolean => SMS_CODE.test(value);
export const hasChinese = (value: string): boolean => CHINESE.test(value);

export function isPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN &&
    value.length <= PASSWORD_MAX &&
    !hasChinese(value) &&
    !/\s/.test(value)
  );
}

/** Byte length as the spec counts it: each Chinese character is two. */
export function byteLength(value: string): number {
  let length = 0;
  for (const char of value) length += CHINESE.test(char) ? 2 : 1;
  return length;
}

export const isTextarea = (value: string): boolean => [...value].length <= TEXTAREA_MAX;
export const isEmail = (value: string): boolean => EMAIL.test(value);
export const isUrl = (value: string): boolean => URL_PATTERN.test(value);
export const isLandline = (value: string): boolean => LANDLINE.test(value);
export const isLicencePlate = (value: string): boolean => LICENCE_PLATE.test(value);
export const isAmount = (value: string): boolean => AMOUNT.test(value);
export const isHexColour = (value: string): boolean => HEX_COLOUR.test(value);
export const isIccid = (value: string): boolean => ICCID.test(value);

/** Mainland resident ID card (18 digits) with its ISO 7064 check character. */
export function isIdCard(value: string): boolean {
  const upper = value.toUpperCase();
  if (!ID_CARD.test(upper)) return false;
  const sum = ID_CARD_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(upper[i]), 0);
  return ID_CARD_CHECK[sum % 11] === upper[17];
}

/** No number may appear twice (alarm phone lists, white lists). */
export function hasDuplicates(values: readonly string[]): boolean {
  const present = values.filter((v) => v !== '');
  return new Set(present).size !== present.length;
}
