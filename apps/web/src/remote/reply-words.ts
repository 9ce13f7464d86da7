import type { ReplyMeaning, ReplyPosition } from '@xunji/shared';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../lib/date';
import { intervalLabel } from './command-words';

const degrees = (value: number) => Math.abs(value).toFixed(5);

/**
 * A position reply in words: where, how fast, and when — a time the reply gave with its zone in
 * the user's own zone, a bare one as the device wrote it, said to be the device's clock.
 */
function positionWords(t: TFunction, position: ReplyPosition): string {
  const { latitude, longitude, speedKmh, time, deviceTime } = position;
  const parts = [
    t('remote.replies.position', {
      latitude: t(latitude < 0 ? 'remote.replies.south' : 'remote.replies.north', {
        value: degrees(latitude),
      }),
      longitude: t(longitude < 0 ? 'remote.replies.west' : 'remote.replies.east', {
        value: degrees(longitude),
      }),
    }),
  ];
  if (speedKmh !== null) parts.push(t('remote.units.kmh', { value: speedKmh }));
  if (time !== null) parts.push(t('remote.replies.fixTime', { time: formatDateTime(time) }));
  else if (deviceTime !== null) parts.push(t('remote.replies.deviceTime', { time: deviceTime }));
  return parts.join(t('remote.replies.separator'));
}

function cutDeferredWords(t: TFunction, reason: 'speed' | 'noFix', limitKmh: number | null) {
  if (reason === 'noFix') return t('remote.replies.cutDeferredNoFix');
  return limitKmh === null
    ? t('remote.replies.cutDeferredSpeed')
    : t('remote.replies.cutDeferredLimit', { limit: limitKmh });
}

function tooFastWords(t: TFunction, limitKmh: number | null, speedKmh: number | null) {
  if (limitKmh === null) return t('remote.replies.tooFast');
  return speedKmh === null
    ? t('remote.replies.tooFastLimit', { limit: limitKmh })
    : t('remote.replies.tooFastSpeed', { limit: limitKmh, speed: speedKmh });
}

/** What a known device reply says, in the user's language. */
export function replyWords(t: TFunction, meaning: ReplyMeaning): string {
  switch (meaning.kind) {
    case 'cutDeferred':
      return cutDeferredWords(t, meaning.reason, meaning.limitKmh);
    case 'tooFast':
      return tooFastWords(t, meaning.limitKmh, meaning.speedKmh);
    case 'position':
      return positionWords(t, meaning);
    case 'intervalSet':
      return t('remote.replies.intervalSet', { interval: intervalLabel(t, meaning.seconds) });
    case 'terminalAnswer':
      return t(`remote.replies.terminalAnswers.${meaning.answer}`);
    default:
      return t(`remote.replies.${meaning.kind}`);
  }
}
