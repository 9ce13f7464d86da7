import { hasChinese, isLandline, isMobile, type ValidationMessageKey } from '@xunji/shared';

/**
 * The §5 rule each white-list number breaks, in the server's order (null when it is fine); a number
 * repeating an earlier one is the wrong one. Empty rows are left out when saving, so they pass.
 */
export function whiteListProblems(numbers: readonly string[]): (ValidationMessageKey | null)[] {
  return numbers.map((raw, index) => {
    const number = raw.trim();
    if (number === '') return null;
    if (hasChinese(number)) return 'noChinese';
    if (!isMobile(number) && !isLandline(number)) return 'phoneNumber';
    const earlier = numbers.slice(0, index).map((other) => other.trim());
    return earlier.includes(number) ? 'phoneRepeated' : null;
  });
}

/** The numbers to send: trimmed, without the empty rows. */
export const whiteListBody = (numbers: readonly string[]): string[] =>
  numbers.map((number) => number.trim()).filter((number) => number !== '');
