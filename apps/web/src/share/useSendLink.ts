import { useEffect, useState } from 'react';
import { insideWechat } from './share-link';
import { prepareWechatShare, type ShareCard } from './wechat-sdk';

/**
 * How a created link can be sent besides copying it: WeChat's own menu (inside WeChat, once the
 * JS-SDK accepted the server's signature), else the system share sheet where the browser has one.
 */
export function useSendLink(card: ShareCard | null) {
  // The link WeChat's menu was set up to send: the menu sends this card only while they match.
  const [wechatLink, setWechatLink] = useState<string | null>(null);
  const title = card?.title;
  const desc = card?.desc;
  const link = card?.link;
  useEffect(() => {
    if (!title || !desc || !link || !insideWechat(navigator.userAgent)) return;
    let current = true;
    void prepareWechatShare({ title, desc, link }).then((ready) => {
      if (current && ready) setWechatLink(link);
    });
    return () => {
      current = false;
    };
  }, [title, desc, link]);
  const wechatReady = link !== undefined && wechatLink === link;
  const systemShare =
    card !== null && !wechatReady && typeof navigator.share === 'function'
      ? () => navigator.share({ title: card.title, text: card.desc, url: card.link })
      : null;
  return { wechatReady, systemShare };
}
