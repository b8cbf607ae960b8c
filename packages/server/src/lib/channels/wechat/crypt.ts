import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ChannelSignatureError } from '../../../modules/channel/channel.adapter.js';

/*
 * WeChat's message encryption (WXBizMsgCrypt), shared by official accounts, mini programs and Work
 * WeChat: AES-256-CBC with the key base64-decoded from the 43-character EncodingAESKey plus "=",
 * the IV the key's first 16 bytes, PKCS#7 padding to a 32-byte block (not AES's 16), over
 * 16 random bytes + the message length (4 bytes, big-endian) + the message + the receive id
 * (appid or corpid). The receive id is checked: a message for another app decrypts fine with a
 * shared key but is not ours.
 */

const blockSize = 32;

export type WechatCrypt = {
  /** Base64 ciphertext of `message`; `random` (16 bytes) only for reproducible tests. */
  encrypt: (message: string, random?: Buffer) => string;
  /** The plaintext; throws ChannelSignatureError when it does not decrypt or is for another receiver. */
  decrypt: (encrypted: string) => string;
};

const keyOf = (encodingAesKey: string): Buffer => {
  const key = Buffer.from(`${encodingAesKey}=`, 'base64');
  if (encodingAesKey.length !== 43 || key.length !== 32)
    throw new ChannelSignatureError('the EncodingAESKey must be 43 characters of base64');
  return key;
};

export const createWechatCrypt = (encodingAesKey: string, receiveId: string): WechatCrypt => {
  const key = keyOf(encodingAesKey);
  const iv = key.subarray(0, 16);
  return {
    encrypt: (message, random = randomBytes(16)) => {
      const body = Buffer.from(message, 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32BE(body.length, 0);
      const plain = Buffer.concat([random, length, body, Buffer.from(receiveId, 'utf8')]);
      const padding = blockSize - (plain.length % blockSize);
      const cipher = createCipheriv('aes-256-cbc', key, iv);
      cipher.setAutoPadding(false);
      return Buffer.concat([
        cipher.update(Buffer.concat([plain, Buffer.alloc(padding, padding)])),
        cipher.final(),
      ]).toString('base64');
    },
    decrypt: (encrypted) => {
      let plain: Buffer;
      try {
        const decipher = createDecipheriv('aes-256-cbc', key, iv);
        decipher.setAutoPadding(false);
        plain = Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]);
      } catch {
        throw new ChannelSignatureError('the message does not decrypt');
      }
      const padding = plain.length ? plain[plain.length - 1] : 0;
      if (padding < 1 || padding > blockSize || padding > plain.length - 20)
        throw new ChannelSignatureError('the message does not decrypt');
      const content = plain.subarray(16, plain.length - padding);
      const length = content.readUInt32BE(0);
      if (length > content.length - 4) throw new ChannelSignatureError('the message does not decrypt');
      const from = content.subarray(4 + length).toString('utf8');
      if (from !== receiveId)
        throw new ChannelSignatureError(`the message is for ${from || 'another receiver'}, not ${receiveId}`);
      return content.subarray(4, 4 + length).toString('utf8');
    },
  };
};
