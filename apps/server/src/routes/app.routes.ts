import { api } from '@xunji/shared';
import type { Services } from '../context.js';
import type { RegisterCall } from '../http/register-call.js';

export function appRoutes(registerCall: RegisterCall, services: Services): void {
  const content = services.appContent;

  registerCall(api.appConfiguration, (_, { request }) =>
    content.configuration(request.application),
  );
  registerCall(api.checkVersion, ({ body }, { applicationId }) =>
    content.checkVersion(applicationId, body),
  );
  registerCall(api.auditVersion, ({ query }, { applicationId }) =>
    content.releasedVersion(applicationId, query.platform),
  );
  registerCall(api.latestNotice, (_, { applicationId }) => content.latestNotice(applicationId));
  registerCall(api.noticeById, ({ params }, { applicationId }) =>
    content.notice(applicationId, params.id),
  );
  registerCall(api.publishedAds, ({ params }) => content.publishedAds(params.applicationId));
  registerCall(api.adClick, ({ params }, { applicationId }) =>
    content.clickAd(applicationId, params.id),
  );
}
