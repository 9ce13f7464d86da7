import { randomUUID } from 'node:crypto';
import { localHttpServer, readBody } from './local-http.js';

export interface ReceivedTemplateMessage {
  accessToken: string;
  message: { touser?: string; template_id?: string; url?: string; data?: unknown };
}

/** A WeChat user as an app sees them: the openid differs per app, the unionid does not. */
export interface WechatPerson {
  openId: string;
  unionId?: string;
  nickname?: string;
  headImgUrl?: string;
}

/**
 * The official-account API on a local port: `POST /cgi-bin/stable_token` checks appid and secret
 * and issues a token (expires_in 7200); `/cgi-bin/message/template/send`, `/cgi-bin/user/info`
 * and `/cgi-bin/ticket/getticket` accept a known, unexpired token. The web OAuth
 * (`/sns/oauth2/access_token`, `/sns/userinfo`) serves the official account and, when given,
 * the open platform's website app: a code works once, for the app it was issued to.
 */
export function startWechatStandIn(
  appId: string,
  appSecret: string,
  openApp?: { appId: string; appSecret: string },
) {
  const tokens = new Map<string, { expired: boolean }>();
  const received: ReceivedTemplateMessage[] = [];
  const codes = new Map<string, { appId: string; person: WechatPerson; scope: string }>();
  const userTokens = new Map<string, { person: WechatPerson; scope: string }>();
  const followers = new Set<string>();
  let tokenRequests = 0;
  let ticketRequests = 0;
  const issuedTickets: string[] = [];
  let nextAnswer: { errcode: number; errmsg: string } | undefined;

  const json = (value: object) => JSON.stringify(value);
  const server = localHttpServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const query = Object.fromEntries(url.searchParams);
    const body = await readBody(request);
    response.setHeader('content-type', 'application/json');
    if (request.method === 'POST' && url.pathname === '/cgi-bin/stable_token') {
      tokenRequests++;
      const asked = JSON.parse(body.toString() || '{}') as Record<string, unknown>;
      if (asked.grant_type !== 'client_credential')
        return response.end(json({ errcode: 40002, errmsg: 'invalid grant_type' }));
      if (asked.appid !== appId)
        return response.end(json({ errcode: 40013, errmsg: 'invalid appid' }));
      if (asked.secret !== appSecret)
        return response.end(json({ errcode: 40125, errmsg: 'invalid appsecret' }));
      const token = `token-${randomUUID()}`;
      tokens.set(token, { expired: false });
      return response.end(json({ access_token: token, expires_in: 7200 }));
    }
    if (request.method === 'GET' && url.pathname === '/sns/oauth2/access_token') {
      const secret = query.appid === appId ? appSecret : openApp?.appSecret;
      if (query.grant_type !== 'authorization_code')
        return response.end(json({ errcode: 40002, errmsg: 'invalid grant_type' }));
      if (query.appid !== appId && query.appid !== openApp?.appId)
        return response.end(json({ errcode: 40013, errmsg: 'invalid appid' }));
      if (query.secret !== secret)
        return response.end(json({ errcode: 40125, errmsg: 'invalid appsecret' }));
      const issued = codes.get(query.code ?? '');
      codes.delete(query.code ?? '');
      if (!issued || issued.appId !== query.appid)
        return response.end(json({ errcode: 40029, errmsg: 'invalid code' }));
      const userToken = `user-token-${randomUUID()}`;
      userTokens.set(userToken, issued);
      const { openId, unionId } = issued.person;
      return response.end(
        json({
          access_token: userToken,
          expires_in: 7200,
          refresh_token: `refresh-${randomUUID()}`,
          openid: openId,
          scope: issued.scope,
          ...(unionId ? { unionid: unionId } : {}),
        }),
      );
    }
    if (request.method === 'GET' && url.pathname === '/sns/userinfo') {
      const granted = userTokens.get(query.access_token ?? '');
      if (!granted || granted.person.openId !== query.openid)
        return response.end(json({ errcode: 40001, errmsg: 'invalid credential' }));
      if (granted.scope === 'snsapi_base')
        return response.end(json({ errcode: 48001, errmsg: 'api unauthorized' }));
      const { person } = granted;
      return response.end(
        json({
          openid: person.openId,
          nickname: person.nickname ?? '',
          headimgurl: person.headImgUrl ?? '',
          ...(person.unionId ? { unionid: person.unionId } : {}),
        }),
      );
    }
    const accessToken = query.access_token ?? '';
    const state = tokens.get(accessToken);
    if (url.pathname.startsWith('/cgi-bin/') && !state)
      return response.end(json({ errcode: 40001, errmsg: 'invalid credential' }));
    if (state?.expired)
      return response.end(json({ errcode: 42001, errmsg: 'access_token expired' }));
    if (request.method === 'GET' && url.pathname === '/cgi-bin/user/info') {
      const openId = query.openid ?? '';
      return response.end(
        json(
          followers.has(openId)
            ? { subscribe: 1, openid: openId }
            : { subscribe: 0, openid: openId },
        ),
      );
    }
    if (request.method === 'GET' && url.pathname === '/cgi-bin/ticket/getticket') {
      ticketRequests++;
      if (query.type !== 'jsapi')
        return response.end(json({ errcode: 40097, errmsg: 'invalid args' }));
      if (nextAnswer) {
        const answer = nextAnswer;
        nextAnswer = undefined;
        return response.end(json(answer));
      }
      const ticket = `ticket-${randomUUID()}`;
      issuedTickets.push(ticket);
      return response.end(json({ errcode: 0, errmsg: 'ok', ticket, expires_in: 7200 }));
    }
    if (request.method === 'POST' && url.pathname === '/cgi-bin/message/template/send') {
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
    /** The jsapi_tickets issued, oldest first. */
    issuedTickets,
    get tokenRequests() {
      return tokenRequests;
    },
    get ticketRequests() {
      return ticketRequests;
    },
    /**
     * A one-time OAuth code for `person` under the official account (mp) or the open app;
     * `snsapi_base` grants no profile.
     */
    issueCode(app: 'mp' | 'open', person: WechatPerson, scope?: 'snsapi_base'): string {
      const code = `code-${randomUUID()}`;
      codes.set(code, {
        appId: app === 'mp' ? appId : (openApp?.appId ?? ''),
        person,
        scope: scope ?? (app === 'mp' ? 'snsapi_userinfo' : 'snsapi_login'),
      });
      return code;
    },
    /** `openId` (under the official account) follows it from now on. */
    follow(openId: string) {
      followers.add(openId);
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
      ticketRequests = 0;
      issuedTickets.length = 0;
      nextAnswer = undefined;
      codes.clear();
      userTokens.clear();
      followers.clear();
    },
  };
}
