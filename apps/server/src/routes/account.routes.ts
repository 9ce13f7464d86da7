import { api } from '@xunji/shared';
import type { Services } from '../context.js';
import type { RegisterCall } from '../http/register-call.js';
import { passwordProof } from '../services/login-guard.js';

export function accountRoutes(registerCall: RegisterCall, services: Services): void {
  registerCall(api.captcha, (_, { request }) => services.captcha.create(request.ip));

  registerCall(api.smsCodeRequest, ({ query }, { request }) =>
    services.sms.requestCode({ ...query, ip: request.ip }),
  );

  registerCall(api.register, ({ body }, { applicationId }) =>
    services.auth.register(body, {
      applicationId,
      pushClientId: body.pushClientId,
      systemInfo: body.systemInfo,
    }),
  );

  registerCall(api.login, ({ body }, { applicationId, request }) =>
    services.auth.login(body.username, passwordProof(body.password, body, request.ip), {
      applicationId,
      pushClientId: body.pushClientId,
      systemInfo: body.systemInfo,
    }),
  );

  registerCall(api.logout, async (_, { caller }) => {
    await services.auth.logout(caller.sessionId);
    return null;
  });

  registerCall(api.resetPassword, async ({ body }) => {
    await services.auth.resetPassword(body);
    return null;
  });

  registerCall(api.updatePassword, async ({ body }, { caller, request }) => {
    const old = passwordProof(body.oldPassword, body, request.ip);
    await services.auth.updatePassword(caller.userId, body.newPassword, old);
    return null;
  });

  registerCall(api.bindPhone, async ({ body }, { request }) => {
    await services.auth.bindPhone(body, passwordProof(body.password, body, request.ip));
    return null;
  });

  registerCall(api.userInfo, (_, { caller }) => services.account.userInfo(caller.userId));

  registerCall(api.updateNickname, ({ body }, { caller }) =>
    services.account.updateNickname(caller.userId, body.nickName),
  );

  registerCall(api.cancelAccount, async ({ body }, { caller }) => {
    await services.account.cancel(caller.userId, body);
    return null;
  });
}
