import {
  startWechatStandIn,
  type WechatPerson,
} from '../../apps/server/test/support/wechat-stand-in.js';
import { localHttpServer } from '../../apps/server/test/support/local-http.js';

/**
 * WeChat for a browser test: the API stand-in of the server's tests (tokens, sns OAuth, userinfo)
 * and, on a second port, the official account's authorisation page. That page checks what
 * WeChat checks (the app id, `response_type=code`, `snsapi_userinfo`, a redirect to the app's
 * host) and, as a user who taps "allow" at once, sends the browser back with a fresh code for
 * the person of the moment and the state it was given.
 */
export function startWechatAuthorizeStandIn(appId: string, appSecret: string) {
  const api = startWechatStandIn(appId, appSecret);
  let person: WechatPerson | undefined;
  let appOrigin = '';
  const authorizations: URLSearchParams[] = [];

  const page = localHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const query = url.searchParams;
    const refuse = (why: string) =>
      response.writeHead(400, { 'content-type': 'text/plain' }).end(why);
    if (url.pathname !== '/connect/oauth2/authorize') return refuse('not found');
    authorizations.push(query);
    if (query.get('appid') !== appId) return refuse('invalid appid');
    if (query.get('response_type') !== 'code') return refuse('invalid response_type');
    if (query.get('scope') !== 'snsapi_userinfo') return refuse('invalid scope');
    const redirect = new URL(query.get('redirect_uri') ?? '', 'invalid:/');
    if (redirect.origin !== appOrigin) return refuse('redirect_uri not of the app’s domain');
    if (!person) return refuse('nobody is using WeChat');
    redirect.searchParams.set('code', api.issueCode('mp', person));
    redirect.searchParams.set('state', query.get('state') ?? '');
    response.writeHead(302, { location: redirect.toString() }).end();
  });

  return {
    api,
    authorizations,
    /** Both ports: the API's base URL and the authorisation page's. */
    async listen(): Promise<{ apiUrl: string; authorizeUrl: string }> {
      return { apiUrl: await api.listen(), authorizeUrl: await page.listen() };
    },
    async close() {
      await Promise.all([api.close(), page.close()]);
    },
    /** The app's origin: the only host WeChat returns to (the official account's domain). */
    allowApp(origin: string) {
      appOrigin = origin;
    },
    /** Who is signed in to WeChat in the browser from now on. */
    useWechatAs(next: WechatPerson) {
      person = next;
    },
  };
}
