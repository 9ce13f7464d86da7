/** A device number as the bind call takes it: 4-20 letters or digits. */
const WHOLE_NUMBER = /^[0-9A-Za-z]{4,20}$/;
/** A number inside longer text: 10-20 letters or digits, not part of a longer run. */
const EMBEDDED_NUMBER = /(?<![0-9A-Za-z])[0-9A-Za-z]{10,20}(?![0-9A-Za-z])/g;
/** Query parameters a bind QR code may carry the number in. */
const NUMBER_PARAMS = ['terminalno', 'imei', 'deviceno', 'device', 'sn', 'no', 'number', 'id'];

const hasDigit = (value: string): boolean => /\d/.test(value);
const isNumber = (value: string): boolean => WHOLE_NUMBER.test(value) && hasDigit(value);

function fromUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  for (const [key, value] of url.searchParams) {
    if (NUMBER_PARAMS.includes(key.toLowerCase()) && isNumber(value.trim())) return value.trim();
  }
  return null;
}

/**
 * The device number in a scanned QR code: the text itself when it is one, else a number named
 * by a URL parameter (imei=, terminalNo=, sn=…), else the first 10-20 character run of letters
 * and digits with a digit in it (only digits preferred, as an IMEI). null when there is none.
 */
export function extractTerminalNo(scanned: string): string | null {
  const text = scanned.trim();
  if (isNumber(text)) return text;
  const named = fromUrl(text);
  if (named) return named;
  const runs = [...text.matchAll(EMBEDDED_NUMBER)].map(([run]) => run).filter(hasDigit);
  return runs.find((run) => /^\d+$/.test(run)) ?? runs[0] ?? null;
}
