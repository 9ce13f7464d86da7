import readline from 'node:readline';
import { findProtocol, inspect, protocols } from '@xunji/protocols';

/**
 * `npm run decode -- <protocol> [payload]`: one JSON line per payload. Without a payload, reads one
 * payload per line from standard input (a device log) and marks lines that do not decode.
 */
async function main([name, ...rest]: string[]): Promise<number> {
  const protocol = name ? findProtocol(name) : undefined;
  if (!protocol) {
    console.error(`usage: npm run decode -- <${Object.keys(protocols).join('|')}> [hex-or-text]`);
    return 2;
  }
  const payload = rest.join(' ');
  if (payload) {
    try {
      console.log(JSON.stringify(inspect(protocol, payload)));
      return 0;
    } catch (error) {
      console.error(`cannot decode: ${(error as Error).message}`);
      return 1;
    }
  }
  let failures = 0;
  for await (const line of readline.createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    try {
      console.log(JSON.stringify({ input: line, ...inspect(protocol, line) }));
    } catch (error) {
      failures++;
      console.log(JSON.stringify({ input: line, error: (error as Error).message }));
    }
  }
  return failures > 0 ? 1 : 0;
}

main(process.argv.slice(2)).then((code) => process.exit(code));
