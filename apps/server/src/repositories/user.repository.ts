import type { Updateable } from 'kysely';
import type { EnterpriseRow, NewUser, UserRow, UsersTable } from '../db/schema.js';

export type NewAccount = Pick<NewUser, 'applicationId' | 'username' | 'userType'> &
  Partial<Omit<NewUser, 'id'>>;
import type { Db } from './types.js';

function newUserRow(user: NewAccount): NewUser {
  const now = Date.now();
  return {
    phoneNumber: null,
    passwordHash: null,
    nickname: null,
    enterpriseId: null,
    terminalNo: null,
    openId: null,
    wxUserName: null,
    createdAt: now,
    updatedAt: now,
    ...user,
  };
}

export interface UserWithEnterprise extends UserRow {
  enterprise: Pick<EnterpriseRow, 'id' | 'name'> | null;
  /** The WeChat identity bound to the account, if any. */
  wechat: { mpOpenId: string | null; nickname: string | null } | null;
}

export class UserRepository {
  constructor(private readonly db: Db) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirst();
  }

  findByPhone(phoneNumber: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('phoneNumber', '=', phoneNumber)
      .executeTakeFirst();
  }

  /** The account a sign-in name means: its username first, else the phone bound to it. */
  async findByLoginName(name: string): Promise<UserRow | undefined> {
    return (await this.findByUsername(name)) ?? (await this.findByPhone(name));
  }

  async findWithEnterprise(id: number): Promise<UserWithEnterprise | undefined> {
    const row = await this.db
      .selectFrom('users')
      .leftJoin('enterprises', 'enterprises.id', 'users.enterpriseId')
      .leftJoin('oauthIdentities as wechat', (join) =>
        join.onRef('wechat.userId', '=', 'users.id').on('wechat.provider', '=', 'wechat'),
      )
      .selectAll('users')
      .select([
        'enterprises.name as enterpriseName',
        'wechat.id as wechatId',
        'wechat.mpOpenId as wechatMpOpenId',
        'wechat.nickname as wechatNickname',
      ])
      .where('users.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { enterpriseName, wechatId, wechatMpOpenId, wechatNickname, ...user } = row;
    return {
      ...user,
      enterprise:
        user.enterpriseId !== null && enterpriseName !== null
          ? { id: user.enterpriseId, name: enterpriseName }
          : null,
      wechat: wechatId === null ? null : { mpOpenId: wechatMpOpenId, nickname: wechatNickname },
    };
  }

  /** Creates an account; fields not given start empty. */
  create(user: NewAccount): Promise<UserRow> {
    return this.db
      .insertInto('users')
      .values(newUserRow(user))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Creates the account unless its username exists already (a race of two first sign-ins). */
  async createOrFind(user: NewAccount): Promise<UserRow> {
    await this.db
      .insertInto('users')
      .values(newUserRow(user))
      .onConflict((oc) => oc.column('username').doNothing())
      .execute();
    const row = await this.findByUsername(user.username);
    if (!row) throw new Error(`user ${user.username} was neither created nor found`);
    return row;
  }

  async update(id: number, values: Omit<Updateable<UsersTable>, 'id'>): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ ...values, updatedAt: Date.now() })
      .where('id', '=', id)
      .execute();
  }

  /** Removes the account and, by cascade, its sessions and device bindings. */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }

  list(): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().orderBy('id').execute();
  }
}
