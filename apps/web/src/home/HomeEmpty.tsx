import { Button } from 'antd-mobile';
import { BellOutline, ClockCircleOutline, EnvironmentOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '../components/LanguageToggle';
import { navigateTo } from '../router/navigation';
import { PATHS } from '../router/paths';
import { useAccountStore } from '../stores/account';
import './home-empty.css';

/** A first-time visitor's home: what the app does, and the way in (back=true: a deep link followed before waits for the sign-in). */
function Welcome() {
  const { t } = useTranslation();
  const features = [
    { icon: <EnvironmentOutline />, text: t('welcome.live') },
    { icon: <ClockCircleOutline />, text: t('welcome.history') },
    { icon: <BellOutline />, text: t('welcome.alarms') },
  ];
  return (
    <section className="home-welcome" aria-labelledby="home-welcome-title">
      <header className="home-welcome__header">
        <h2 id="home-welcome-title">{t('welcome.title')}</h2>
        <LanguageToggle />
      </header>
      <p className="home-welcome__intro">{t('welcome.intro')}</p>
      <ul className="home-welcome__features">
        {features.map(({ icon, text }) => (
          <li key={text}>
            {icon}
            <span>{text}</span>
          </li>
        ))}
      </ul>
      <Button block color="primary" onClick={() => navigateTo(`${PATHS.login}?back=true`)}>
        {t('login.submit')}
      </Button>
      <Button
        block
        color="primary"
        fill="outline"
        onClick={() => navigateTo(`${PATHS.register}?back=true`)}
      >
        {t('login.register')}
      </Button>
    </section>
  );
}

/** A signed-in user without devices: the way to add one. */
function NoDevices() {
  const { t } = useTranslation();
  return (
    <div className="home__empty">
      <p>{t('home.noDevices')}</p>
      <button type="button" onClick={() => navigateTo(PATHS.deviceBind)}>
        {t('devices.list.add')}
      </button>
    </div>
  );
}

/** What home shows over the map when there is no device to show: a welcome for a guest, the way to add one for a user (once the list has loaded). */
export function HomeEmpty({ loaded }: { loaded: boolean }) {
  const signedIn = useAccountStore((state) => state.isAuthenticated);
  if (!signedIn) return <Welcome />;
  return loaded ? <NoDevices /> : null;
}
