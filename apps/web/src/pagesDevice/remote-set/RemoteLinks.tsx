import { useQuery } from '@tanstack/react-query';
import type { CommandParam } from '@xunji/shared';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { deviceQueries } from '../../devices/queries';
import { useEntryRule } from '../../router/entry-rule';
import { navigateTo } from '../../router/navigation';
import { PATHS, type SpecPath } from '../../router/paths';

interface RemoteLinksProps {
  terminalId: number;
  abilities: readonly CommandParam[];
  iccid: string | null;
}

interface RemoteLink {
  key: 'locateMode' | 'power' | 'log' | 'simCard';
  path: SpecPath;
  query: string;
  /** Whether the device can be asked what the page sets. */
  able: boolean;
}

/** The other remote pages this device can use, its command log and its SIM card. */
export function RemoteLinks({ terminalId, abilities, iccid }: RemoteLinksProps) {
  const { t } = useTranslation();
  const device = useQuery(deviceQueries.one(terminalId, { loading: false }));
  const shows = useEntryRule(device.data?.terminalTypeInfo.terminalTypeExtend, iccid !== null);
  // Until the model's flags are known the links would appear one by one, moving under a finger.
  if (!device.data) return null;
  const ofDevice = `id=${terminalId}`;
  const links: RemoteLink[] = [
    {
      key: 'locateMode',
      path: PATHS.locationMode,
      query: ofDevice,
      able: abilities.includes('locateMode') || abilities.includes('positioningPriority'),
    },
    { key: 'power', path: PATHS.onoff, query: ofDevice, able: abilities.includes('power') },
    { key: 'log', path: PATHS.setList, query: ofDevice, able: true },
    { key: 'simCard', path: PATHS.simCard, query: ofDevice, able: true },
  ];
  return (
    <List className="section" mode="card">
      {links
        .filter(({ path, able }) => able && shows(path))
        .map(({ key, path, query }) => (
          <List.Item key={key} data-link={key} onClick={() => navigateTo(`${path}?${query}`)}>
            {t(`remote.links.${key}`)}
          </List.Item>
        ))}
    </List>
  );
}
