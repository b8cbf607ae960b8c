/*
 * The starts of the recordings browsers make (issue 21's voice notes), built in memory: WebM as
 * Chrome's and Firefox's MediaRecorder writes it, Ogg/Opus, and MP4 as Safari's recorder writes it.
 * Enough of each format for content detection, which reads the head only.
 */

const ebmlElement = (id: number[], data: Buffer): Buffer =>
  Buffer.concat([Buffer.from(id), Buffer.from([0x80 | data.length]), data]);

/** EBML header with DocType webm, then a Tracks-like run naming the codecs (A_OPUS, V_VP8…). */
export const webmBytes = (codecs: string[] = ['A_OPUS'], docType = 'webm'): Buffer => {
  const header = Buffer.concat([
    ebmlElement([0x42, 0x86], Buffer.from([1])), // EBMLVersion
    ebmlElement([0x42, 0xf7], Buffer.from([1])), // EBMLReadVersion
    ebmlElement([0x42, 0x82], Buffer.from(docType, 'latin1')), // DocType
  ]);
  const tracks = Buffer.concat(codecs.map((codec) => ebmlElement([0x86], Buffer.from(codec, 'latin1'))));
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length]),
    header,
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    tracks,
    Buffer.alloc(512, 0x00),
  ]);
};

export const oggBytes = (): Buffer =>
  Buffer.concat([
    Buffer.from('OggS', 'latin1'),
    Buffer.from([0x00, 0x02]),
    Buffer.alloc(20, 0x00),
    Buffer.from([0x01, 0x13]),
    Buffer.from('OpusHead', 'latin1'),
    Buffer.alloc(256, 0x01),
  ]);

const box = (type: string, body: Buffer): Buffer => {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), body]);
};

/** An MP4 with a generic brand and one track per handler ("soun", "vide"). */
export const isoMediaBytes = (handlers: string[], brand = 'iso5'): Buffer => {
  const ftyp = box(
    'ftyp',
    Buffer.concat([Buffer.from(brand, 'latin1'), Buffer.alloc(4), Buffer.from('iso5mp41')]),
  );
  const traks = handlers.map((handler) =>
    box(
      'trak',
      box(
        'mdia',
        box('hdlr', Buffer.concat([Buffer.alloc(8), Buffer.from(handler, 'latin1'), Buffer.alloc(13)])),
      ),
    ),
  );
  return Buffer.concat([ftyp, box('moov', Buffer.concat(traks)), box('mdat', Buffer.alloc(256, 0x02))]);
};
