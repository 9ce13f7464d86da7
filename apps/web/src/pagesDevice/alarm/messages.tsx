import { PhoneChannelPage } from '../../alarm-settings/PhoneChannelPage';

/** /pagesDevice/alarm/messages?id=: alarm text messages (SMS). */
export default function AlarmMessagesPage() {
  return <PhoneChannelPage channel="sms" />;
}
