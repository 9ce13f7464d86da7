import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { localHttpServer } from './local-http.js';

/** What the platform knows of one card: this month's data in KB (a decimal text), SMS, status. */
export interface StandInCard {
  dataAmount: string;
  smsAmount: string;
  /** 1 to be activated, 2 active, 4 stopped, … */
  cardStatus: string;
}

export interface StandInRequest {
  path: string;
  query: Record<string, string>;
}

const TOKEN_REFUSED = '12021';

/**
 * China Mobile OneLink's EC API (v5) as far as the adapter uses it, on a local port. It checks
 * what the platform checks: the password at `get/token`, the token on every other call (a token
 * it revoked or never issued answers 12021), and a transid of appid + 14-digit time + 8 digits,
 * never used twice.
 */
export async function startOnelinkStandIn(appId: string, password: string, ttlSeconds = 3600) {
  const tokens = new Set<string>();
  const transids = new Set<string>();
  const cards = new Map<string, StandInCard>();
  const requests: StandInRequest[] = [];
  const transidPattern = new RegExp(`^${appId}\\d{14}\\d{8}$`);

  const answer = (response: http.ServerResponse, status: string, result: object[] = []) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status, message: status === '0' ? '正确' : '错误', result }));
  };

  const server = localHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const path = url.pathname.replace(/^\/v5\/ec\//, '');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path, query });
    const transid = query['transid'] ?? '';
    if (!transidPattern.test(transid) || transids.has(transid)) return answer(response, '12001');
    transids.add(transid);
    if (path === 'get/token') {
      if (query['appid'] !== appId || query['password'] !== password)
        return answer(response, '12002');
      const token = randomBytes(12).toString('hex');
      tokens.add(token);
      return answer(response, '0', [{ token, ttl: String(ttlSeconds) }]);
    }
    if (!tokens.has(query['token'] ?? '')) return answer(response, TOKEN_REFUSED);
    const card = cards.get(query['iccid'] ?? '');
    if (!card) return answer(response, '12034');
    switch (path) {
      case 'query/sim-data-usage':
        return answer(response, '0', [{ dataAmount: card.dataAmount, apnUseAmountList: [] }]);
      case 'query/sim-sms-usage':
        return answer(response, '0', [{ smsAmount: card.smsAmount }]);
      case 'query/sim-status':
        return answer(response, '0', [{ cardStatus: card.cardStatus, lastChangeDate: '' }]);
      case 'change/sim-status':
        if (query['operType'] === '1' && card.cardStatus === '4') card.cardStatus = '2';
        return answer(response, '0', [{ iccid: query['iccid'] }]);
      default:
        response.writeHead(404).end();
    }
  });
  const url = await server.listen();
  return {
    /** The EC API's base, as ONELINK_API_URL. */
    apiUrl: `${url}v5/ec`,
    cards,
    requests,
    /** Requests to one path. */
    calls: (path: string) => requests.filter((request) => request.path === path),
    /** Forgets every token issued (the platform's side of an expiry). */
    revokeTokens: () => tokens.clear(),
    close: () => server.close(),
  };
}

export type OnelinkStandIn = Awaited<ReturnType<typeof startOnelinkStandIn>>;
