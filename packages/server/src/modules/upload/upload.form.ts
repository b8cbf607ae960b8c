import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { UploadKind } from '@openkefu/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import { createTextSniffer } from './file-type.js';
import { uploadKindRules } from './upload.kinds.js';

/** How many leading bytes are kept in memory for signature checks. */
const headBytes = 64 * 1024;
/** Text fields (`file_name`, `username`) are short; anything longer is refused, not cut. */
const maxFieldBytes = 2048;

/** A received file, written to a staging file that the caller removes (`discard`). */
export type StagedUpload = {
  path: string;
  size: number;
  head: Buffer;
  isUtf8Text: boolean;
  /** The name in the part's Content-Disposition, unsanitised. */
  clientName: string;
  /** Text fields of the form, last value wins. */
  fields: Record<string, string>;
  discard: () => Promise<void>;
};

type MultipartError = Error & { code?: string; syscall?: string };

/**
 * Streams the multipart form of an upload into a staging file, counting bytes, keeping the head
 * and sniffing text on the way, so nothing is held in memory and no file is read twice. The whole
 * body is consumed before any refusal, so clients receive the answer rather than a reset.
 */
export const receiveUpload = async (
  request: FastifyRequest,
  options: { stagingDir: string; kind: UploadKind; limitMb: number },
): Promise<StagedUpload> => {
  if (!request.isMultipart()) {
    throw AppError.badRequest('upload.notMultipart', {
      fields: [{ field: 'file', message: 'send a multipart/form-data body' }],
    });
  }
  await mkdir(options.stagingDir, { recursive: true });
  const path = join(options.stagingDir, createPublicId(24));
  const discard = () => rm(path, { force: true });

  const fields: Record<string, string> = {};
  const tooLongFields: string[] = [];
  const sniffer = createTextSniffer();
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  let clientName = '';
  let hasFile = false;
  let isTruncated = false;

  const keepHead = async function* (chunks: AsyncIterable<Buffer>) {
    for await (const chunk of chunks) {
      size += chunk.length;
      sniffer.push(chunk);
      if (headLength < headBytes) {
        const piece = chunk.subarray(0, headBytes - headLength);
        headChunks.push(piece);
        headLength += piece.length;
      }
      yield chunk;
    }
  };

  try {
    const parts = request.parts({
      limits: {
        // One byte over the limit is enough to know the file is too large.
        fileSize: options.limitMb * 1024 * 1024,
        files: 1,
        fields: 8,
        fieldSize: maxFieldBytes,
        parts: 10,
        headerPairs: 50,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) tooLongFields.push(part.fieldname);
        else fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        // The only file slot is taken by a field we do not know: skip it; "file" is then missing.
        for await (const chunk of part.file) void chunk;
        continue;
      }
      hasFile = true;
      clientName = part.filename ?? '';
      await pipeline(part.file, keepHead, createWriteStream(path, { flags: 'wx' }));
      if (part.file.truncated) isTruncated = true;
    }
  } catch (error) {
    await discard();
    const { code, syscall } = (error ?? {}) as MultipartError;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || isTruncated) throw tooLarge(options);
    if (code === 'FST_FILES_LIMIT')
      throw AppError.badRequest('upload.oneFileOnly', {
        fields: [{ field: 'file', message: 'send exactly one file' }],
      });
    // Disk trouble is ours (500); anything else thrown while parsing is a malformed body.
    if (syscall || error instanceof AppError) throw error;
    request.log.debug({ err: error }, 'multipart body refused');
    throw AppError.badRequest('upload.badForm', {
      fields: [{ field: 'body', message: 'malformed multipart body' }],
    });
  }

  if (isTruncated) {
    await discard();
    throw tooLarge(options);
  }
  if (tooLongFields.length > 0) {
    await discard();
    throw AppError.badRequest('upload.fieldTooLong', {
      params: { field: tooLongFields[0] },
      fields: tooLongFields.map((field) => ({ field, message: `at most ${maxFieldBytes} bytes` })),
    });
  }
  if (!hasFile) {
    throw AppError.badRequest('upload.fileRequired', { fields: [{ field: 'file', message: 'Required' }] });
  }
  return {
    path,
    size,
    head: Buffer.concat(headChunks),
    isUtf8Text: sniffer.finish(),
    clientName,
    fields,
    discard,
  };
};

const tooLarge = (options: { kind: UploadKind; limitMb: number }) => {
  const { label } = uploadKindRules[options.kind];
  return new AppError('PAYLOAD_TOO_LARGE', 413, 'upload.tooLarge', {
    params: { limit: options.limitMb, kind_en: label.en, kind_zh: label.zh },
    fields: [{ field: 'file', message: `larger than ${options.limitMb} MB` }],
  });
};

/**
 * Stages bytes the server already holds (an image inside an imported zip) the way `receiveUpload`
 * stages a request's file, so the upload service checks and stores them under the same rules.
 */
export const stageBuffer = async (
  stagingDir: string,
  buffer: Uint8Array,
  clientName: string,
): Promise<StagedUpload> => {
  await mkdir(stagingDir, { recursive: true });
  const path = join(stagingDir, createPublicId(24));
  await writeFile(path, buffer, { flag: 'wx' });
  const sniffer = createTextSniffer();
  sniffer.push(Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength));
  return {
    path,
    size: buffer.byteLength,
    head: Buffer.from(buffer.subarray(0, headBytes)),
    isUtf8Text: sniffer.finish(),
    clientName,
    fields: {},
    discard: () => rm(path, { force: true }),
  };
};
