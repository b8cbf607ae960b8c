import type { AdapterContext, OutboundMessage } from '../../../modules/channel/channel.adapter.js';
import { uploadWechatMedia, type WechatApi } from './api.js';

/*
 * Agents' messages on their way to WeChat: what each platform accepts as media (type, size,
 * format) goes up as temporary media and out by media_id; anything else (a PDF to an official
 * account, a 30 MB video) goes out as a text with the file's name and our public address, so the
 * customer always gets it.
 */

export type MediaRule = { uploadType: string; maxBytes: number; accepts: RegExp };
export type MediaRules = Partial<Record<'image' | 'voice' | 'video' | 'file', MediaRule>>;

const mb = 1024 * 1024;

/** Official accounts (customer-service messages): images, voice (AMR/MP3), video (MP4). */
export const officialMediaRules: MediaRules = {
  image: { uploadType: 'image', maxBytes: 10 * mb, accepts: /^image\/(jpeg|png|gif|bmp)$/ },
  voice: { uploadType: 'voice', maxBytes: 2 * mb, accepts: /^audio\/(amr|mpeg|mp3)$/ },
  video: { uploadType: 'video', maxBytes: 10 * mb, accepts: /^video\/mp4$/ },
};

/** Mini programs' customer-service messages carry images only. */
export const miniMediaRules: MediaRules = {
  image: { uploadType: 'image', maxBytes: 2 * mb, accepts: /^image\/(jpeg|png|gif)$/ },
};

/** Work WeChat (app messages and WeChat customer service): images, AMR voice, MP4 video, files. */
export const workMediaRules: MediaRules = {
  image: { uploadType: 'image', maxBytes: 10 * mb, accepts: /^image\/(jpeg|png)$/ },
  voice: { uploadType: 'voice', maxBytes: 2 * mb, accepts: /^audio\/amr$/ },
  video: { uploadType: 'video', maxBytes: 10 * mb, accepts: /^video\/mp4$/ },
  file: { uploadType: 'file', maxBytes: 20 * mb, accepts: /./ },
};

/** One message in the platform's terms: `msgtype` and its body ({ content } or { media_id }). */
export type WechatSendOne = (msgtype: string, content: Record<string, string>) => Promise<string>;

const linkTextOf = (message: OutboundMessage): string => {
  const media = message.media;
  if (!media) return message.text;
  return [message.text, `${media.fileName}: ${media.url}`].filter((part) => part).join('\n');
};

/**
 * Sends `message` through `sendOne`, uploading media first when the platform takes it. A caption
 * follows its media as a text. Answers the platform's id of the (first) message.
 */
export const sendWechatOutbound = async (
  ctx: AdapterContext,
  api: WechatApi,
  message: OutboundMessage,
  rules: MediaRules,
  sendOne: WechatSendOne,
): Promise<string> => {
  const media = message.media;
  const rule = media && message.kind !== 'text' && message.kind !== 'link' ? rules[message.kind] : undefined;
  if (!media || !rule || media.size > rule.maxBytes || !rule.accepts.test(media.mediaType.toLowerCase()))
    return sendOne('text', { content: linkTextOf(message) });
  const data = await media.read();
  const mediaId = await uploadWechatMedia(ctx, api, rule.uploadType, {
    data,
    fileName: media.fileName,
    mediaType: media.mediaType,
  });
  const id = await sendOne(message.kind, { media_id: mediaId });
  if (message.text.trim()) await sendOne('text', { content: message.text });
  return id;
};
