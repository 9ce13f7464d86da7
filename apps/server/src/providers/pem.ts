import fs from 'node:fs';

/**
 * A key from the configuration: inline (a PEM with `\n` for its line breaks, or Alipay's bare
 * base64), or the path of a file holding it.
 */
export function readKeyText(value: string): string {
  const text = value.trim();
  if (text.includes('-----BEGIN')) return text.replace(/\\n/g, '\n');
  if (/^[A-Za-z0-9+/=\s]+$/.test(text) && !fs.existsSync(text)) return text;
  return fs.readFileSync(text, 'utf8').trim();
}
