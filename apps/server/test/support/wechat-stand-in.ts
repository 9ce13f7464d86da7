import { randomUUID } from 'node:crypto';
import { localHttpServer, readBody } from './local-http.js';

export interface ReceivedTemplateMessage {
  accessToken: string;
  message: { touser?: string; template_id?: string; url?: string; data?: unknown };
}

/**
 * The official-account API on a local port: `/cgi-bin/token` checks appid and secret and issues
 * a token (expires_in 7200); `/cgi-bin/message/template/send` accepts a known, unexpired token.
 */
export function startWechatStandIn(appId: string, appSecret: string) {
  const tokens = new Map<string, { expired: boolean }>();
  const received: ReceivedTemplateMessage[] = [];
  let tokenRequests = 0;
  let nextAnswer: { errcode: number; errmsg: string } | undefined;

  const json = (value: object) => JSON.stringify(value);
  const server = localHttpServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const query = Object.fromEntries(url.searchParams);
    const body = await readBody(request);
    response.setHeader('content-type', 'application/json');
    if (request.method === 'GET' && url.pathname === '/cgi-bin/token') {
      tokenRequests++;
      if (query.grant_type !== 'client_credential')
        return response.end(json({ errcode: 40002, errmsg: 'invalid grant_type' }));
      if (query.appid !== appId)
        return response.end(json({ errcode: 40013, errmsg: 'invalid appid' }));
      if (query.secret !== appSecret)
        return response.end(json({ errcode: 40125, errmsg: 'invalid appsecret' }));
      const token = `token-${randomUUID()}`;
      tokens.set(token, { expired: false });
      return response.end(json({ access_token: token, expires_in: 7200 }));
    }
    if (request.method === 'POST' && url.pathname === '/cgi-bin/message/template/send') {
      const accessToken = query.access_token ?? '';
      const state = tokens.get(accessToken);
      if (!state) return response.end(json({ errcode: 40001, errmsg: 'invalid credential' }));
      if (state.expired)
        return response.end(json({ errcode: 42001, errmsg: 'access_token expired' }));
      if (nextAnswer) {
        const answer = nextAnswer;
        nextAnswer = undefined;
        return response.end(json(answer));
      }
      received.push({
        accessToken,
        message: JSON.parse(body.toString()) as ReceivedTemplateMessage['message'],
      });
      return response.end(json({ errcode: 0, errmsg: 'ok', msgid: 1000 + received.length }));
    }
    response.writeHead(404).end(json({ errcode: 404, errmsg: 'not found' }));
  });

  return {
    ...server,
    received,
    get tokenRequests() {
      return tokenRequests;
    },
    /** Every token issued so far is expired from now on (errcode 42001). */
    expireTokens() {
      for (const state of tokens.values()) state.expired = true;
    },
    answerNextWith(answer: { errcode: number; errmsg: string }) {
      nextAnswer = answer;
    },
    reset() {
      tokens.clear();
      received.length = 0;
      tokenRequests = 0;
      nextAnswer = undefined;
    },
  };
}
