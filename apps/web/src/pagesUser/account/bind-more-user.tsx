import { useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type DeviceMember } from '@xunji/shared';
import { Button, DotLoading, Empty, List, Tag } from 'antd-mobile';
import { UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { toast } from '../../api/feedback';
// Dialog from overlays: antd-mobile's imperative render set up for React 19.
import { Dialog } from '../../api/overlays';
import { PageLayout } from '../../components/PageLayout';
import '../../devices/devices.css';
import { deviceKeys, deviceQueries } from '../../devices/queries';
import { useDeviceId } from '../../devices/useDeviceId';
import { useAction } from '../../hooks/useAction';
import { formatDateTime } from '../../lib/date';
import { maskPhone } from '../../lib/mask';
import { DeviceMissing } from '../../pagesDevice/info/DeviceMissing';

/** Owner first, then the members by when they joined, the requests last. */
export function orderMembers(members: readonly DeviceMember[]): DeviceMember[] {
  const rank = (m: DeviceMember) => (m.isOwner ? 0 : m.state === 'active' ? 1 : 2);
  return [...members].sort((a, b) => rank(a) - rank(b) || a.createdAt - b.createdAt);
}

/** The server masks phone-number usernames; masking again keeps it so whatever it sends. */
const username = (member: DeviceMember) => maskPhone(member.username);
const displayName = (member: DeviceMember) => member.nickname || username(member);

function MemberRow({
  member,
  terminalId,
  manage,
}: {
  member: DeviceMember;
  terminalId: number;
  manage: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: deviceKeys.members(terminalId) });
  const body = { terminalId, userId: member.userId };

  const [accept, accepting] = useAction(async () => {
    await call(routes.acceptTerminalMember, { body });
    toast(t('devices.members.accepted'));
    await refresh();
  });
  const [remove, removing] = useAction(async (declining: boolean) => {
    await call(routes.removeTerminalMember, { body });
    toast(declining ? t('devices.members.declined') : t('devices.members.removed'));
    await refresh();
  });
  const confirmRemove = (declining: boolean) =>
    void Dialog.confirm({
      content: declining
        ? t('devices.members.declineConfirm', { name: displayName(member) })
        : t('devices.members.removeConfirm', { name: displayName(member) }),
      confirmText: declining ? t('devices.members.decline') : t('devices.members.remove'),
      cancelText: t('common.cancel'),
      onConfirm: () => remove(declining),
    });

  const pending = member.state === 'pending';
  const actions =
    manage && !member.isSelf ? (
      pending ? (
        <div className="member__actions">
          <Button size="mini" color="primary" loading={accepting} onClick={() => void accept()}>
            {t('devices.members.accept')}
          </Button>
          <Button size="mini" loading={removing} onClick={() => confirmRemove(true)}>
            {t('devices.members.decline')}
          </Button>
        </div>
      ) : (
        <Button
          size="mini"
          color="danger"
          fill="outline"
          loading={removing}
          onClick={() => confirmRemove(false)}
        >
          {t('devices.members.remove')}
        </Button>
      )
    ) : null;

  return (
    <List.Item
      prefix={
        <div className="member__avatar">
          {member.nickname ? member.nickname.slice(0, 1).toUpperCase() : <UserOutline />}
        </div>
      }
      description={
        <>
          {member.nickname ? `${username(member)} · ` : null}
          {formatDateTime(member.createdAt)}
        </>
      }
      extra={actions}
    >
      {displayName(member)}
      <span className="member__tags">
        {member.isOwner ? <Tag color="primary">{t('devices.members.owner')}</Tag> : null}
        {member.isSelf ? (
          <Tag color="success" fill="outline">
            {t('devices.members.me')}
          </Tag>
        ) : null}
        {pending ? (
          <Tag color="warning" fill="outline">
            {t('devices.members.pending')}
          </Tag>
        ) : null}
      </span>
    </List.Item>
  );
}

/** /pagesUser/account/bind-more-user?id=: the accounts bound to a device; its owner manages them. */
export default function BindMoreUserPage() {
  const { t } = useTranslation();
  const id = useDeviceId();
  const members = useQuery({ ...deviceQueries.members(id ?? 0), enabled: id !== null });
  const list = orderMembers(members.data ?? []);
  const manage = list.some((member) => member.isSelf && member.isOwner);

  const body = () => {
    if (id === null) return <DeviceMissing invalidId />;
    if (members.isError) return <DeviceMissing error={members.error} onRetry={members.refetch} />;
    if (!members.data)
      return (
        <div className="page__intro" style={{ textAlign: 'center' }}>
          <DotLoading />
        </div>
      );
    if (list.length === 0) return <Empty description={t('devices.members.empty')} />;
    return (
      <>
        <List className="section">
          {list.map((member) => (
            <MemberRow key={member.userId} member={member} terminalId={id} manage={manage} />
          ))}
        </List>
        {manage ? null : <p className="list-hint">{t('devices.members.readOnly')}</p>}
      </>
    );
  };

  return <PageLayout title={t('devices.members.title')}>{body()}</PageLayout>;
}
