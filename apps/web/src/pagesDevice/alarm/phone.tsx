import { PhoneChannelPage } from '../../alarm-settings/PhoneChannelPage';

/** /pagesDevice/alarm/phone?id=: alarm phone calls. */
export default function AlarmPhonePage() {
  return <PhoneChannelPage channel="tel" />;
}
