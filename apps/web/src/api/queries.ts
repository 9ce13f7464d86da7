import { queryOptions } from '@tanstack/react-query';
import { APP_VERSION, APP_VERSION_CODE, routes } from '@xunji/shared';
import { PLATFORM } from '../config';
import { useUserStore } from '../stores/user';
import { call } from './call';
import { QUIET } from './request';

/** Server state shared by several pages (and primed by the launch sequence). */
export const queries = {
  user: queryOptions({
    queryKey: ['userInfo'],
    queryFn: async () => {
      const user = await call(routes.userInfo, undefined, { loading: false });
      useUserStore.setState({ user });
      return user;
    },
    initialData: () => useUserStore.getState().user ?? undefined,
    initialDataUpdatedAt: 0,
  }),
  appConfig: queryOptions({
    queryKey: ['appConfiguration'],
    queryFn: () => call(routes.appConfiguration, undefined, QUIET),
  }),
  versionCheck: queryOptions({
    queryKey: ['checkVersion'],
    queryFn: () =>
      call(
        routes.checkVersion,
        { body: { platform: PLATFORM, version: APP_VERSION, versionCode: APP_VERSION_CODE } },
        QUIET,
      ),
  }),
  notice: (id: number | null) =>
    queryOptions({
      queryKey: ['notice', id],
      queryFn: () =>
        id === null
          ? call(routes.latestNotice, undefined, { loading: false })
          : call(routes.noticeById, { params: { id } }, { loading: false, toastState: false }),
    }),
  captcha: queryOptions({
    queryKey: ['captcha'],
    queryFn: () => call(routes.captcha, undefined, { loading: false }),
    staleTime: 0,
    gcTime: 0,
  }),
};
