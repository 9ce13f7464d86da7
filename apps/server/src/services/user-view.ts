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
    openId: user.openId,
    wxUser: user.openId !== null,
    wxUserName: user.wxUserName,
    terminalNo: user.terminalNo,
  };
}
