import type { User } from '@xunji/shared';
import type { UserWithEnterprise } from '../repositories/user.repository.js';

/** The §3 User as the app sees it. */
export function toUserView(user: UserWithEnterprise): User {
  return {
    userId: user.id,
    username: user.username,
    nickname: user.nickname,
    phoneNumber: user.phoneNumber,
    userType: user.userType as User['userType'],
    enterprise: user.enterprise,
    // §3: the bound WeChat identity (the openid under the official account, its nickname)
    openId: user.wechat?.mpOpenId ?? null,
    wxUser: user.wechat !== null,
    wxUserName: user.wechat?.nickname ?? null,
    terminalNo: user.terminalNo,
    developerMode: user.developerMode === 1,
  };
}
