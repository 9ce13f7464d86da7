import { useTranslation } from 'react-i18next';
import { RemotePage, type RemoteContext } from '../../remote/RemotePage';
import { PowerSection } from '../../remote/SwitchSections';
import { useRemoteCommands } from '../../remote/useRemoteCommands';

function RemotePower({ terminalId, params }: RemoteContext) {
  const { t } = useTranslation();
  const commands = useRemoteCommands(terminalId);
  if (!params.abilities.includes('power'))
    return <p className="page__intro">{t('remote.unsupportedPage')}</p>;
  return <PowerSection terminalId={terminalId} commands={commands} />;
}

/** /pagesDevice/onoff?id=: remote power off (and on where the device can), asked for again. */
export default function OnOffPage() {
  const { t } = useTranslation();
  return (
    <RemotePage title={t('remote.power.title')}>
      {(context) => <RemotePower {...context} />}
    </RemotePage>
  );
}
