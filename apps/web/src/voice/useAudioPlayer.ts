import type { AudioRecord } from '@xunji/shared';
import i18next from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../api/feedback';
import { fetchAudio } from './audio-file';
import { IDLE_FRAME, nextFrame, PLAY_FRAME_MS, type PlayFrame } from './play-icon';

/**
 * Plays one recording at a time in an <audio> element of its own: the audio fetched once as a
 * blob and played from an object URL; a second tap on the playing one stops it. While playing,
 * `frame` cycles 3 → 1 → 2 → 3.
 */
export function useAudioPlayer(onStart: (record: AudioRecord) => void) {
  const element = useRef<HTMLAudioElement | null>(null);
  const urls = useRef(new Map<number, string>());
  /** Bumped by each tap: a slow download must not start after a later tap. */
  const attempt = useRef(0);
  const [playingId, setPlayingId] = useState<number | null>(null);
  const [frame, setFrame] = useState<PlayFrame>(IDLE_FRAME);

  useEffect(() => {
    if (playingId === null) return;
    const timer = setInterval(() => setFrame(nextFrame), PLAY_FRAME_MS);
    return () => clearInterval(timer);
  }, [playingId]);

  useEffect(() => {
    const cached = urls.current;
    return () => {
      element.current?.pause();
      for (const url of cached.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const stop = () => {
    element.current?.pause();
    setPlayingId(null);
    setFrame(IDLE_FRAME);
  };

  const audio = (): HTMLAudioElement => {
    if (!element.current) {
      element.current = new Audio();
      element.current.onended = stop;
    }
    return element.current;
  };

  const play = async (record: AudioRecord) => {
    if (playingId === record.id) return stop();
    stop();
    const mine = ++attempt.current;
    setPlayingId(record.id);
    onStart(record);
    try {
      let url = urls.current.get(record.id);
      if (!url) {
        url = URL.createObjectURL(await fetchAudio(record.audioPath));
        urls.current.set(record.id, url);
      }
      if (mine !== attempt.current) return;
      const player = audio();
      player.src = url;
      await player.play();
    } catch {
      if (mine !== attempt.current) return;
      setPlayingId(null);
      toast(i18next.t('errors.downloadPlayFailed'));
    }
  };

  return { playingId, frame, play: (record: AudioRecord) => void play(record) };
}
