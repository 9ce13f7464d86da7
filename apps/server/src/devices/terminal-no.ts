/**
 * The one form of a terminal number, for registration and for every lookup (gateway login, sign-in
 * with a device number, binding, the admin CLI): an all-digit number loses its leading zeros.
 * JT/T 808 carries the number as BCD left-padded with zeros, so "013800138000" and "13800138000"
 * are the same header; other protocols' numbers are matched the same way so that the rule is one.
 */
export function normalizeTerminalNo(terminalNo: string): string {
  const trimmed = terminalNo.trim();
  if (!/^[0-9]+$/.test(trimmed)) return trimmed;
  return trimmed.replace(/^0+/, '') || '0';
}
