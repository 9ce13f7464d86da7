/** 0x0801 multimedia data (JT/T 808 §8.49): packets of one upload, named by its first serial. */
import type { DecodedMessage, ProtocolSession } from '../types.js';
import { DecodeError } from '../types.js';
import type { Jt808Header } from './header.js';
import { ByteReader } from './reader.js';

const MEDIA = 'jt808Media';
interface MediaState {
  firstSerial: number;
  mediaId: number;
  format: 'jpeg' | 'mp3' | 'wav' | 'other';
}
const MEDIA_FORMATS = { 0: 'jpeg', 2: 'mp3', 3: 'wav' } as Record<number, MediaState['format']>;

/**
 * 0x0801 multimedia data → mediaChunk (index 0-based); only packet 1 carries the media header (its
 * format, and the media id the 0x8800 after the last packet names).
 */
export function mediaChunk(
  header: Jt808Header,
  body: Uint8Array,
  session: ProtocolSession,
): { message: DecodedMessage; mediaId?: number } {
  const index = header.packet?.index ?? 1;
  const total = header.packet?.total ?? 1;
  if (index < 1 || index > total) throw new DecodeError('jt808: bad subpackage index');
  const firstSerial = (header.serial - (index - 1) + 0x10000) & 0xffff;
  let state: MediaState | undefined;
  let data: Uint8Array;
  if (index === 1) {
    const reader = new ByteReader(body);
    const mediaId = reader.u32('media id');
    reader.u8('media type');
    const format = MEDIA_FORMATS[reader.u8('media format')] ?? 'other';
    reader.u8('event');
    reader.u8('channel');
    reader.take(28, 'media location');
    data = reader.rest();
    state = { firstSerial, mediaId, format };
    session.extra[MEDIA] = state;
  } else {
    const stored = session.extra[MEDIA] as MediaState | undefined;
    if (stored?.firstSerial === firstSerial) state = stored;
    data = body;
  }
  return {
    message: {
      type: 'mediaChunk',
      // Named by the upload's first serial, which every packet can work out (serial − index + 1):
      // packets sent on a new connection after a reconnect still join their upload.
      mediaId: `serial-${firstSerial}`,
      index: index - 1,
      total,
      format: state?.format ?? 'other',
      data,
    },
    ...(state ? { mediaId: state.mediaId } : {}),
  };
}
