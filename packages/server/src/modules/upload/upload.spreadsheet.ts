import { readFile } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import type { SheetFormat } from '../../lib/excel/excel.js';
import { sanitizeFileName } from './file-name.js';
import { receiveUpload } from './upload.form.js';

/** A spreadsheet sent for import: its bytes, the parser to use and the form's other fields. */
export type ReceivedSpreadsheet = { buffer: Buffer; format: SheetFormat; fields: Record<string, string> };

/**
 * Receives an import's multipart body (`file` plus text fields) under the `excel` upload kind's
 * rules: its size limit (413) and content check (400 for anything but xlsx, xls or csv). The old
 * binary .xls passes the kind but cannot be parsed, so it gets its own 400 asking for .xlsx.
 * Nothing is stored: the staged file is read and removed.
 */
export const receiveSpreadsheet = async (request: FastifyRequest): Promise<ReceivedSpreadsheet> => {
  const uploads = request.server.services.uploads;
  const staged = await receiveUpload(request, {
    stagingDir: uploads.stagingDir,
    kind: 'excel',
    limitMb: uploads.limitMb('excel'),
  });
  try {
    const fileName = sanitizeFileName(staged.clientName) ?? 'import';
    const type = await uploads.checkType('excel', staged, fileName);
    if (type.id !== 'xlsx' && type.id !== 'csv')
      throw AppError.badRequest('upload.spreadsheetFormat', {
        fields: [{ field: 'file', message: 'save the sheet as .xlsx (Excel 2007 or later) or .csv' }],
      });
    return { buffer: await readFile(staged.path), format: type.id, fields: staged.fields };
  } finally {
    await staged.discard();
  }
};

/** An import that takes a zip archive (Markdown files and their images) or a spreadsheet. */
export type ReceivedImport = { buffer: Buffer; format: 'zip' | SheetFormat; fields: Record<string, string> };

/**
 * Receives an import's multipart body under the `file` kind's size limit (413), accepting a .zip,
 * an .xlsx or a .csv by content (400 for anything else). Nothing is stored.
 */
export const receiveImportFile = async (request: FastifyRequest): Promise<ReceivedImport> => {
  const uploads = request.server.services.uploads;
  const staged = await receiveUpload(request, {
    stagingDir: uploads.stagingDir,
    kind: 'file',
    limitMb: uploads.limitMb('file'),
  });
  try {
    const fileName = sanitizeFileName(staged.clientName) ?? 'import';
    // The kind's own refusal lists every document type; this import takes three of them.
    const type = await uploads.checkType('file', staged, fileName).catch((error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    });
    if (type?.id !== 'zip' && type?.id !== 'xlsx' && type?.id !== 'csv')
      throw AppError.badRequest('upload.importFormat', {
        fields: [{ field: 'file', message: 'send a .zip of Markdown files, an .xlsx or a .csv' }],
      });
    return { buffer: await readFile(staged.path), format: type.id, fields: staged.fields };
  } finally {
    await staged.discard();
  }
};
