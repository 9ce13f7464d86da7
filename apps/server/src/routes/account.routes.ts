import { api } from '@xunji/shared';
import type { Services } from '../context.js';
import type { RegisterCall } from '../http/register-call.js';

export function accountRoutes(registerCall: RegisterCall, services: Services): void {
  registerCall(api.captcha, () => services.captcha.create());

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

  registerCall(api.login, ({ body }, { applicationId }) =>
    services.auth.login(body, {
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

  registerCall(api.updatePassword, async ({ body }, { caller }) => {
    await services.auth.updatePassword(caller.userId, body);
    return null;
  });

  registerCall(api.bindPhone, async ({ body }) => {
    await services.auth.bindPhone(body);
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
