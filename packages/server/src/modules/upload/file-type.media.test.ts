import { describe, expect, it } from 'vitest';
import { isoMediaBytes, oggBytes, webmBytes } from '../../test/media-fixtures.js';
import { mp4Bytes } from '../../test/upload-fixtures.js';
import { detectFileType, type ReadAt } from './file-type.js';
import { uploadKindRules } from './upload.kinds.js';

/* Browsers' recordings (voice notes, issue 21) are told apart by content, like every upload. */

const detect = async (bytes: Buffer) => {
  const readAt: ReadAt = async (position, length) => bytes.subarray(position, position + length);
  return detectFileType(readAt, {
    head: bytes.subarray(0, 65536),
    size: bytes.length,
    isUtf8Text: false,
    name: 'x',
  });
};

describe('recordings', () => {
  it("reads MediaRecorder's WebM: audio only is audio/webm, with a video track video/webm", async () => {
    expect(await detect(webmBytes(['A_OPUS']))).toMatchObject({ id: 'weba', mediaType: 'audio/webm' });
    expect(await detect(webmBytes(['V_VP8', 'A_OPUS']))).toMatchObject({
      id: 'webm',
      mediaType: 'video/webm',
    });
  });

  it('refuses other Matroska files', async () => {
    expect((await detect(webmBytes(['A_OPUS'], 'matroska'))).id).toBe('binary');
  });

  it('reads Ogg', async () => {
    expect(await detect(oggBytes())).toMatchObject({ id: 'ogg', mediaType: 'audio/ogg' });
  });

  it("reads Safari's audio/mp4 as audio and a film as video", async () => {
    expect(await detect(isoMediaBytes(['soun']))).toMatchObject({ id: 'm4a', mediaType: 'audio/mp4' });
    expect(await detect(isoMediaBytes(['vide', 'soun']))).toMatchObject({
      id: 'mp4',
      mediaType: 'video/mp4',
    });
    expect((await detect(mp4Bytes())).id).toBe('mp4');
  });

  it('lets chat files carry them', () => {
    for (const id of ['weba', 'webm', 'ogg', 'm4a', 'mp4'] as const)
      expect(uploadKindRules.file.allowed).toContain(id);
  });
});
