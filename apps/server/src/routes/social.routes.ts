/**
 * WeChat and Apple accounts (contract/social.ts) and Apple's form_post return.
 *
 * Sign in with Apple on the web (for the web app): Apple posts `code`, `id_token`, `state` and,
 * the first time, `user` to `POST {apiRoot}/auth/apple/callback` (APPLE_REDIRECT_URI). The server
 * keeps them under a one-time handle (10 minutes, stored hashed) and answers 303 to
 * `/pagesFunc/authorize?provider=apple&state=<state>&handle=<handle>` (or `&error=<Apple's error,
 * or not_configured>` instead of the handle). The web app checks `state`, then calls
 * `login/apple` (or `account/bind-apple`) with `{ ticket: handle, nonce }`, the raw nonce whose
 * SHA-256 (hex) it gave Apple. A `bindRequired` answer's ticket goes to `bind-user/apple` as
 * `ticket` (or to `bind-user/wechat` as `code` for WeChat).
 */
import { api } from '@xunji/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../context.js';
import type { RegisterCall } from '../http/register-call.js';
import type { SessionDetails } from '../services/auth.service.js';
import type { AppleSignIn } from '../services/apple-sign-in.js';

const APPLE_CALLBACK_PATH = '/auth/apple/callback';

/** The longest form field Apple posts that is kept (an identity token is about 1 KB). */
const MAX_FIELD = 8192;

const sessionOf = (
  body: { pushClientId?: string | undefined; systemInfo?: unknown },
  applicationId: number,
): SessionDetails => ({
  applicationId,
  pushClientId: body.pushClientId,
  systemInfo: body.systemInfo,
});

export function socialRoutes(registerCall: RegisterCall, services: Services): void {
  const { oauth, wechatAccounts, appleSignIn } = services;

  registerCall(api.loginWechat, async ({ body }, { applicationId }) =>
    oauth.login(
      await wechatAccounts.identify(body.code, body.type),
      sessionOf(body, applicationId),
    ),
  );
  registerCall(api.bindUserWechat, ({ body }, { applicationId }) =>
    oauth.bindByPhone(
      body,
      () => oauth.bindTicket(body.code, 'wechat'),
      sessionOf(body, applicationId),
    ),
  );
  registerCall(api.loginApple, async ({ body }, { applicationId }) =>
    oauth.login(await appleSignIn.identity(body), sessionOf(body, applicationId)),
  );
  registerCall(api.bindUserApple, ({ body }, { applicationId }) =>
    oauth.bindByPhone(body, () => appleSignIn.identity(body, true), sessionOf(body, applicationId)),
  );
  registerCall(api.bindWechat, async ({ body }, { caller }) =>
    oauth.bindToAccount(caller.userId, await wechatAccounts.identify(body.code, body.type)),
  );
  registerCall(api.bindApple, async ({ body }, { caller }) =>
    oauth.bindToAccount(caller.userId, await appleSignIn.identity(body)),
  );
  registerCall(api.unbindWechat, async (_input, { caller }) => {
    await oauth.unbind(caller.userId, 'wechat');
    return null;
  });
  registerCall(api.unbindApple, async (_input, { caller }) => {
    await oauth.unbind(caller.userId, 'apple');
    return null;
  });
  registerCall(api.userOauth, (_input, { caller }) => oauth.bindings(caller.userId));
  registerCall(api.wxUserInfo, ({ query }) => wechatAccounts.userInfo(query.code, query.type));
  registerCall(api.wxJsSign, ({ body }) => wechatAccounts.jsSign(body.url));
}

/**
 * Apple's form_post, outside the contract: Apple sends no applicationId and a form body. Register
 * under the API root in a scope of its own (its form parser stays inside).
 */
export const appleCallback: FastifyPluginAsync<{ appleSignIn: AppleSignIn }> = async (
  scope,
  { appleSignIn },
) => {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4 * MAX_FIELD },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );
  scope.post(APPLE_CALLBACK_PATH, async (request, reply) => {
    const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const field = (name: string) => form.get(name)?.slice(0, MAX_FIELD) ?? undefined;
    const location = await appleSignIn.posted({
      code: field('code'),
      id_token: field('id_token'),
      state: field('state')?.slice(0, 256),
      user: field('user'),
      error: field('error')?.slice(0, 64),
    });
    return reply.header('cache-control', 'no-store').redirect(location, 303);
  });
};
