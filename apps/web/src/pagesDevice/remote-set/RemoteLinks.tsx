import type { CommandParam } from '@xunji/shared';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DEVICE_PATHS, hasPage } from '../../devices/paths';
import { navigateTo } from '../../router/navigation';
import { PATHS } from '../../router/paths';

interface RemoteLinksProps {
  terminalId: number;
  abilities: readonly CommandParam[];
  iccid: string | null;
}

/** The other remote pages this device can use, its command log and, once the app has it, its SIM card. */
export function RemoteLinks({ terminalId, abilities, iccid }: RemoteLinksProps) {
  const { t } = useTranslation();
  type Link = { key: 'locateMode' | 'power' | 'log' | 'simCard'; path: string };
  const canLocate = abilities.includes('locateMode') || abilities.includes('positioningPriority');
  const links: Link[] = [
    ...(canLocate
      ? [{ key: 'locateMode', path: `${PATHS.locationMode}?id=${terminalId}` } as const]
      : []),
    ...(abilities.includes('power')
      ? [{ key: 'power', path: `${PATHS.onoff}?id=${terminalId}` } as const]
      : []),
    { key: 'log', path: `${PATHS.setList}?id=${terminalId}` },
    ...(iccid !== null && hasPage(DEVICE_PATHS.simCard)
      ? [
          {
            key: 'simCard',
            path: `${DEVICE_PATHS.simCard}?iccid=${encodeURIComponent(iccid)}`,
          } as const,
        ]
      : []),
  ];
  return (
    <List className="section" mode="card">
      {links.map(({ key, path }) => (
        <List.Item key={key} data-link={key} onClick={() => navigateTo(path)}>
          {t(`remote.links.${key}`)}
        </List.Item>
      ))}
    </List>
  );
}
