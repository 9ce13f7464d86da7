import { bytesText } from '../common/bytes.js';
import { DecodeError, type DecodeResult, type DecodedMessage } from '../types.js';
import { jsonReports } from './client-json.js';
import { deviceIdOf, fieldsReport } from './fields.js';
import { reportMessages, type Report } from './report.js';
import { requestOf } from './request.js';

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new DecodeError('the body is not JSON');
  }
}

function decoded(deviceId: string | undefined, reports: Report[]): DecodeResult {
  if (!deviceId) throw new DecodeError('no device id (id, deviceid, device_id or imei)');
  const messages: DecodedMessage[] = [{ type: 'login', deviceId }];
  for (const report of reports) messages.push(...reportMessages(report));
  return { messages };
}

/**
 * One OsmAnd request (see request.ts for the forms it may take). Its fields come from the query
 * string and a form body together, the query's winning; a JSON body is Traccar Client's, the
 * query then only naming the device when the body does not. The HTTP answer (200 once stored) is
 * the gateway's, so there is no ack here.
 */
export function decodeOsmAnd(frame: Uint8Array, now = Date.now()): DecodeResult {
  const text = bytesText(frame).trim();
  if (!text) throw new DecodeError('an empty request');
  const { query, body } = requestOf(text);
  const fields = new URLSearchParams(query);
  if (body.startsWith('{') || body.startsWith('[')) {
    const { deviceId, reports } = jsonReports(parseJson(body), now);
    return decoded(deviceId ?? deviceIdOf(fields), reports);
  }
  if (body) for (const [name, value] of new URLSearchParams(body)) fields.append(name, value);
  if (fields.size === 0) throw new DecodeError('no query string and no body');
  return decoded(deviceIdOf(fields), [fieldsReport(fields, now)]);
}
